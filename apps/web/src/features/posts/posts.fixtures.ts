import type { MessageType, Post, PostAuthor, PostType, ThreadSummary } from '@patio/core/schemas/posts';
import { BASE } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';

// Answers shaped exactly as the zod contract of packages/core/src/schemas/posts.ts, for screen tests.

export const ME = 7;
export const signedIn = (language = 'es-CO', uid = ME) => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language, token: validToken(uid) });

export const author = (id: number, firstName: string, lastName: string): PostAuthor => ({ id, firstName, lastName, lastName2: null, avatar: null });
export const TEACHER = author(2, 'Tomás', 'Díaz');

const HOUR = 3_600_000;
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

export function makePost(id: number, change: Partial<Post> = {}): Post {
  return {
    id,
    type: 'circular',
    title: `Circular ${id}`,
    description: `<p>Texto de la circular ${id}</p>`,
    author: TEACHER,
    publishDate: hoursAgo(3),
    expirationDate: null,
    expired: false,
    audienceCount: 30,
    settings: { highlight: true, notifications: true, recipientsVisible: false, replies: 'author', forward: false },
    blocks: [],
    quotes: [],
    replyTo: null,
    event: null,
    thread: 100 + id,
    status: 'published',
    language: 'es',
    ...change,
  };
}

export function makeSummary(id: number, change: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    id,
    folder: 'feed',
    type: 'circular',
    title: `Asunto ${id}`,
    latest: { id: 1000 + id, author: TEACHER, publishDate: hoursAgo(2), excerpt: `Resumen ${id}` },
    audienceCount: 30,
    authorId: TEACHER.id,
    posts: 1,
    unread: false,
    unreadCount: 0,
    highlight: false,
    ...change,
  };
}

/** The same names in every language but English (enough for screens shown in Spanish or English). */
const names = (singular: string, plural: string, en: [string, string] = [singular, plural]) => {
  const same = { singular, plural };
  return { es: same, en: { singular: en[0], plural: en[1] }, de: same, fr: same, it: same, pt: same };
};

export const POST_TYPES: PostType[] = [
  { type: 'circular', singular: 'Circular', plural: 'Circulares', icon: 'file-text', color: '#1971c2', visible: true, names: names('Circular', 'Circulares', ['Circular', 'Circulars']) },
  { type: 'message', singular: 'Mensaje', plural: 'Mensajes', icon: 'message', color: '#2f9e44', visible: true, names: names('Mensaje', 'Mensajes', ['Message', 'Messages']) },
  { type: 'urgent_notice', singular: 'Aviso urgente', plural: 'Avisos urgentes', icon: 'alert-triangle', color: '#e03131', visible: true, names: names('Aviso urgente', 'Avisos urgentes', ['Urgent notice', 'Urgent notices']) },
];

export const messageType = (id: MessageType['id'], singular: string, plural: string, unread: number): MessageType => ({ id, singular, plural, icon: 'file-text', color: '#1971c2', unread });

/** A page of a collection: the items and X-Total-Count. */
export const page = <T>(items: T[], total = items.length) => ({ body: items, headers: { 'X-Total-Count': String(total) } });
