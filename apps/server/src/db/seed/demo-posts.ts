// The demo's posts: one of several kinds each, delivered the way compose and replies deliver them, so
// the highlights board, the inbox, a thread with a reply, the sent receipts and a scheduled post all
// have something to show. Demo content is the school's own (Spanish, Bogotá).
import type { Audience, PostSettings, PostTypeKey } from '@patio/core';
import type { Database } from '../database';
import type { Org } from '../../policy/policy';
import { deliverPost, sanitizePostHtml, seedPostTypes, storeScheduledPost } from '../../modules/posts/index';
import { findPersonIdByUsername, findPersonIdsByDocument } from '../../modules/people/people.queries';
import { families } from './demo-people';
import { findAllPersonIds, markStubsRead } from './demo-posts.queries';
import { seedJobs } from './seed-jobs';

/** A seed step (demo-school.ts SeedStep), declared here so the step lists can import this file. */
export interface PostsSeedStep {
  name: string;
  run: (db: Database, org: Org) => Promise<void>;
}

const settings = (overrides: Partial<PostSettings> = {}): PostSettings => ({
  highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false, ...overrides,
});
const explicit = (people: number[]): Audience => ({ people, rules: null, relatives: false });

interface DemoPost {
  type: PostTypeKey;
  title: string;
  description: string;
  settings?: Partial<PostSettings>;
}

/** Delivers one post now to `recipients` (written as an explicit audience) and answers its id and thread. */
export async function deliverDemoPost(db: Database, org: Org, authorId: number, post: DemoPost, recipients: number[], reply?: { threadId: number; replyToId: number }) {
  return deliverPost(
    db,
    { jobs: seedJobs },
    {
      orgId: org.id, authorId, threadId: reply?.threadId ?? null, replyToId: reply?.replyToId ?? null, type: post.type, title: post.title,
      description: sanitizePostHtml(post.description), settings: settings(post.settings), audience: explicit(recipients), quotes: [],
    },
    recipients,
  );
}

/** The kinds of post, as every school has them. */
export const postTypesStep: PostsSeedStep = { name: 'post-types', run: (db, org) => seedPostTypes(db, org.id) };

export const demoPosts: PostsSeedStep = {
  name: 'posts',
  async run(db, org) {
    const id = async (username: string) => (await findPersonIdByUsername(db, org.id, username))!;
    const [admin, teacher, parent] = [await id('admin'), await id('teacher'), await id('parent')];
    const everyone = await findAllPersonIds(db, org.id);
    // The parents of 7A, the class the demo teacher directs (the demo parent is Valentina's father).
    const parentDocuments = families.filter((f) => f.students.some((s) => s.className === '7A')).flatMap((f) => f.relatives.map((r) => r.person.document));
    const parents7A = [...(await findPersonIdsByDocument(db, org.id, parentDocuments)).values()];

    const announcement = await deliverDemoPost(db, org, admin, {
      type: 'announcement',
      title: 'Bienvenidos al segundo semestre',
      description:
        '<p>Queridas familias:</p><p>Les damos la bienvenida al segundo semestre. Las clases comienzan el <strong>lunes a las 7:00 a. m.</strong> ' +
        'Recuerden que la jornada termina a las 2:30 p. m. y que la ruta escolar sale puntual.</p><p>Cordialmente,<br>Rectoría</p>',
      settings: { highlight: true },
    }, everyone);
    await markStubsRead(db, org.id, announcement.id, everyone.filter((p) => p !== parent).slice(0, 12), new Date().toISOString());

    const circular = await deliverDemoPost(db, org, teacher, {
      type: 'circular',
      title: 'Salida pedagógica al Museo del Oro',
      description:
        '<p>Estimados padres de familia de 7A:</p><p>El <strong>viernes</strong> visitaremos el Museo del Oro. Salimos del colegio a las 8:00 a. m. ' +
        'y regresamos a la 1:00 p. m.</p><ul><li>Traer el uniforme de diario.</li><li>Enviar refrigerio y agua.</li>' +
        '<li>Devolver firmada la autorización antes del miércoles.</li></ul>',
      settings: { highlight: true, replies: 'author' },
    }, parents7A);
    await markStubsRead(db, org.id, circular.id, parents7A.filter((p) => p !== parent).slice(0, 1), new Date().toISOString());

    const message = await deliverDemoPost(db, org, teacher, {
      type: 'message',
      title: 'Tareas de matemáticas de Valentina',
      description: '<p>Buenas tardes, señor Gómez. Valentina no ha entregado las dos últimas tareas de matemáticas. ¿Podemos hablar esta semana?</p>',
    }, [parent]);
    await markStubsRead(db, org.id, message.id, [parent], new Date().toISOString());
    await deliverDemoPost(db, org, parent, {
      type: 'message',
      title: '',
      description: '<p>Buenas tardes, profesora Carolina. Gracias por avisar; puedo ir el jueves a las 3:00 p. m. si le sirve.</p>',
    }, [teacher], { threadId: message.thread, replyToId: message.id });

    await deliverDemoPost(db, org, admin, {
      type: 'news',
      title: 'La selección de fútbol gana el torneo intercolegiado',
      description: '<p>Nuestra selección sub-14 ganó la final 2 a 1 contra el Colegio San Bartolomé. ¡Felicitaciones a los jugadores y al profesor Jaime!</p>',
      settings: { forward: true },
    }, everyone);

    // Published a week from the moment the demo was created, by the post.publish job.
    const inAWeek = new Date(Date.now() + 7 * 24 * 3600_000);
    inAWeek.setUTCHours(12, 0, 0, 0);
    await storeScheduledPost(db, seedJobs, {
      orgId: org.id,
      authorId: admin,
      draftId: null,
      audienceCount: everyone.length - 1,
      input: {
        type: 'meeting',
        title: 'Reunión general de padres de familia',
        description: sanitizePostHtml('<p>Los esperamos el sábado a las 9:00 a. m. en el auditorio para la entrega de informes del periodo.</p>'),
        audience: explicit(everyone),
        settings: settings({ highlight: true }),
        quotes: [],
        publishDate: inAWeek.toISOString(),
        expirationDate: null,
        event: null,
      },
    });
  },
};
