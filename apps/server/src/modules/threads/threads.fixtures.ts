import type { PostTypeKey, Replies } from '@patio/core';
import { demoPassword } from '../../db/seed/demo-school';
import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import type { World } from '../../test/world';
import { findPersonIdByUsername } from '../people/people.queries';
import { deliverPost, type Delivered } from '../posts/index';
import { threadsTopic, type ThreadsChanged } from '../live/index';

// Test data of the threads area: posts delivered the way compose and replies deliver them.

export interface PostOptions {
  type?: PostTypeKey;
  title?: string;
  description?: string;
  replies?: Replies;
  highlight?: boolean;
  expirationDate?: string | null;
  quotes?: number[];
  /** Joins this thread as a reply to `replyToId`. */
  threadId?: number;
  replyToId?: number;
}

/** Publishes a post by `author` to `recipients` now, in one transaction, as compose does. */
export async function publishPost(t: TestApp, author: TestPerson, recipients: TestPerson[], options: PostOptions = {}): Promise<Delivered> {
  return t.db.transaction().execute((trx) =>
    deliverPost(
      trx,
      t.app.patio,
      {
        orgId: author.org.id,
        authorId: author.id,
        threadId: options.threadId ?? null,
        replyToId: options.replyToId ?? null,
        type: options.type ?? 'circular',
        title: options.title ?? 'Salida pedagógica',
        description: options.description ?? '<p>El viernes vamos al museo.</p>',
        settings: { highlight: options.highlight ?? false, notifications: true, recipientsVisible: false, replies: options.replies ?? 'author', forward: false },
        audience: { people: recipients.map((r) => r.id), rules: null, relatives: false },
        quotes: options.quotes ?? [],
        expirationDate: options.expirationDate ?? null,
      },
      recipients.map((r) => r.id),
    ),
  );
}

/** The seeded norte school's parent ("parent", demo1234), for isolation tests. */
export async function norteParentOf(t: TestApp, w: World): Promise<TestPerson> {
  const id = (await findPersonIdByUsername(t.db, w.otherSchool.id, 'parent'))!;
  return { id, org: w.otherSchool, username: 'parent', password: demoPassword, firstName: 'Marcela', lastName: 'Orozco', gender: 'female' };
}

/** Collects the threads-changed events of a school until `stop()`. */
export function listenToThreads(t: TestApp, orgId: number): { events: ThreadsChanged[]; stop: () => Promise<void>; ready: Promise<void> } {
  const events: ThreadsChanged[] = [];
  const subscription = t.app.patio.events.subscribe(threadsTopic(orgId), (payload) => {
    events.push(payload as ThreadsChanged);
  });
  return { events, stop: () => subscription(), ready: subscription.ready };
}

/** GET/POST helpers on the school's base for a signed-in person. */
export function api(t: TestApp) {
  return async (person: TestPerson, method: 'GET' | 'POST', path: string, body?: unknown) =>
    t.request({ method, url: `/api/${person.org.code}/${path}`, token: await t.signIn(person), body });
}
