import type { CalendarEvent, CalendarFeed, FeedEvent } from '@patio/core/schemas/calendar';
import type { Post, Thread } from '@patio/core/schemas/posts';
import { BASE } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';

// Answers shaped as the zod contract of packages/core/src/schemas/calendar.ts, for screen tests.

export const ME = 7;
export const signedIn = (language = 'es-CO') => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language, token: validToken(ME) });

const author = (id: number) => ({ id, firstName: 'Tomás', lastName: 'Díaz', lastName2: null, avatar: null });

/** A thread whose first post carries `event`, written by `authorId`. */
export function threadWithEvent(event: Post['event'], authorId = 2): Thread {
  const post: Post = {
    id: 1,
    type: 'circular',
    title: 'Circular 1',
    description: '<p>Salida pedagógica</p>',
    author: author(authorId),
    publishDate: new Date(Date.now() - 3_600_000).toISOString(),
    expirationDate: null,
    expired: false,
    audienceCount: 30,
    settings: { highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false },
    blocks: [],
    quotes: [],
    replyTo: null,
    event,
    thread: 140,
    status: 'published',
    language: 'es',
  };
  return { id: 140, folder: 'feed', posts: [post], canReply: true, replies: 'author' };
}

export const feed = (id: string, name: string, color: string, enabled = true): CalendarFeed => ({
  id,
  url: 'calendar/events',
  params: { feed: id },
  enabled,
  kind: id === 'posts' || id === 'classroom' ? id : id.startsWith('node-') ? 'node' : 'source',
  name,
  color,
});

export const FEEDS: CalendarFeed[] = [feed('posts', '', '#1C89B8'), feed('node-5', '7A', '#E8590C'), feed('node-6', 'Colegio Demo', '#2F9E44', false)];

/** December 2026 in list view: the window asked is a day wider on each side. */
export const DECEMBER = 'start=2026-11-30&end=2027-01-02';
export const feedPath = (feedId: string, window = DECEMBER) => `GET calendar/events?${window}&feed=${feedId}`;

export const weeklyOccurrence = (day: number): FeedEvent => {
  const start = Date.UTC(2026, 11, day, 15) / 1000; // 10:00 in Bogotá
  return {
    id: 30,
    startDate: start,
    endDate: start + 3600,
    allDay: false,
    title: 'Salida al museo',
    start: `2026-12-${String(day).padStart(2, '0')}T10:00:00-05:00`,
    end: `2026-12-${String(day).padStart(2, '0')}T11:00:00-05:00`,
    location: 'Museo del Oro',
    recurring: true,
    feed: 'posts',
    post: { id: 12, type: 'event', thread: 140 },
  };
};

export const FAIR: FeedEvent = {
  id: 31,
  startDate: Date.UTC(2026, 11, 19, 5) / 1000,
  endDate: Date.UTC(2026, 11, 20, 5) / 1000,
  allDay: true,
  title: 'Feria de ciencias',
  start: '2026-12-19',
  end: '2026-12-20',
  location: '',
  recurring: false,
  feed: 'node-5',
  post: null,
};

export function calendarEvent(change: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 31,
    title: 'Feria de ciencias',
    secondary: 'Traer el proyecto impreso.',
    location: 'Coliseo',
    startDate: FAIR.startDate,
    endDate: FAIR.endDate,
    allDay: true,
    start: '2026-12-19',
    end: '2026-12-20',
    timeZone: 'America/Bogota',
    recurrence: null,
    post: null,
    node: { id: 5, name: '7A' },
    feed: 'node-5',
    rsvp: { enabled: true, mine: null, going: 3, notGoing: 1 },
    canEdit: false,
    occurrences: [{ startDate: FAIR.startDate, endDate: FAIR.endDate, start: '2026-12-19', end: '2026-12-20' }],
    ...change,
  };
}

/** The details field grows with its text and listens for web fonts, which happy-dom lacks. */
export function stubWebFonts(): void {
  if (!document.fonts) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
}
