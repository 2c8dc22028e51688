import { findCaller } from '../modules/people/people.queries';
import type { Caller } from '../policy/policy';
import type { TestPerson } from './factories';
import type { TestApp } from './harness';

/** `person` as the Caller a request of theirs would carry (access-layer tests call services with it). */
export async function callerOf(t: TestApp, person: TestPerson): Promise<Caller> {
  const caller = await findCaller(t.db, person.org.id, person.id);
  if (!caller) throw new Error(`There is no person ${person.id} in school ${person.org.code}`);
  return caller;
}
