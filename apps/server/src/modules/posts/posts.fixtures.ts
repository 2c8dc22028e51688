import type { LightMyRequestResponse } from 'fastify';
import { demoPassword } from '../../db/seed/demo-school';
import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import type { World } from '../../test/world';
import { findPersonIdByUsername } from '../people/people.queries';

// Helpers of the posts area's tests: requests as a person, and the rows a write leaves behind.

export const rule = (field: string, op: string, ...args: unknown[]) => ({ field, op, args });

/** A request of `person` to their school's base (`path` without the leading /api/{org}/). */
export async function as(t: TestApp, person: TestPerson, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<LightMyRequestResponse> {
  return t.request({ method, url: `/api/${person.org.code}/${path}`, token: await t.signIn(person), body });
}

/** POST people/{me}/posts/sent as `person`. */
export function publishAs(t: TestApp, person: TestPerson, body: unknown): Promise<LightMyRequestResponse> {
  return as(t, person, 'POST', `people/${person.id}/posts/sent`, body);
}

/** A post body to `people` with the rest defaulted. */
export function postTo(people: TestPerson[], extra: Record<string, unknown> = {}) {
  return { type: 'circular', title: 'Salida pedagógica', description: '<p>El viernes vamos al museo.</p>', audience: { people: people.map((p) => p.id) }, ...extra };
}

/** How many posts, threads, stubs and post jobs a school holds: "writes nothing" compares two of these. */
export async function rowCounts(t: TestApp, orgId: number): Promise<Record<string, number>> {
  const count = async (table: 'posts' | 'threads' | 'stubs') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);
  const jobs = await t.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('org_id', '=', orgId)
    .where('kind', 'like', 'post.%')
    .executeTakeFirstOrThrow();
  return { posts: await count('posts'), threads: await count('threads'), stubs: await count('stubs'), jobs: Number(jobs.n) };
}

/** The person ids holding a stub of `postId`, ascending. */
export async function recipientsOf(t: TestApp, orgId: number, postId: number): Promise<number[]> {
  const rows = await t.db.selectFrom('stubs').select('person_id').where('org_id', '=', orgId).where('post_id', '=', postId).orderBy('person_id').execute();
  return rows.map((r) => r.person_id);
}

export const ids = (...people: TestPerson[]) => people.map((p) => p.id).sort((a, b) => a - b);

/** One of the seeded norte school's accounts (admin, teacher, parent; demo1234). */
export async function norteAccount(t: TestApp, w: World, username: 'admin' | 'teacher' | 'parent'): Promise<TestPerson> {
  const id = (await findPersonIdByUsername(t.db, w.otherSchool.id, username))!;
  return { id, org: w.otherSchool, username, password: demoPassword, firstName: username, lastName: 'Norte', gender: 'female' };
}
