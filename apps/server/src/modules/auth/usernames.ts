import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { findTakenUsernames, setUsernameIfNone, type AccountRow } from './credentials.queries';

// People an import created have no username. Before their first password is set (an invitation, a
// password reset) they get one, so that they can sign in again with the school's usual form: their
// email address when nobody holds it yet, else a variant of it with their id.

const MAX_USERNAME = 120;

/** Usernames worth trying for a person, best first. */
export function usernameCandidates(person: Pick<AccountRow, 'id' | 'email' | 'first_name'>): string[] {
  const email = person.email?.trim().toLowerCase() ?? '';
  const local = (email.split('@')[0] || person.first_name)
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9._-]+/g, '')
    .slice(0, 60) || 'user';
  const candidates = [`${local}.${person.id}`, `${local}.${person.id}.${randomBytes(3).toString('hex')}`];
  if (email && email.length <= MAX_USERNAME && !/\s/.test(email)) candidates.unshift(email);
  return candidates;
}

/**
 * The person's username, giving them one first when they have none. Inside the caller's transaction;
 * two people taking the same free name at once make one of the transactions fail on the unique
 * index, which the caller retries.
 */
export async function ensureUsername(db: Database, orgId: number, person: Pick<AccountRow, 'id' | 'email' | 'first_name' | 'username'>): Promise<string> {
  if (person.username) return person.username;
  const candidates = usernameCandidates(person);
  const taken = await findTakenUsernames(db, orgId, candidates);
  const username = candidates.find((c) => !taken.has(c)) ?? candidates[candidates.length - 1];
  await setUsernameIfNone(db, orgId, person.id, username);
  return username;
}
