import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';

/** What a claim reads of an import before it tries to take it (import.lease.ts). */
export type LeaseState = Pick<Selectable<DB['imports']>, 'status' | 'lease_owner' | 'lease_expires_at'>;

export async function findLeaseState(db: Database, orgId: number, id: number): Promise<LeaseState | undefined> {
  return await db
    .selectFrom('imports')
    .select(['status', 'lease_owner', 'lease_expires_at'])
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Moves the import to committing under `owner` until `until`, only if it is still as `seen` (a draft,
 * or a commit with that very lease): a compare-and-set, so of two concurrent claims exactly one wins.
 */
export async function takeLease(db: Database, orgId: number, id: number, seen: LeaseState, owner: string, until: string): Promise<boolean> {
  let claim = db
    .updateTable('imports')
    .set({ status: 'committing', processed: 0, lease_owner: owner, lease_expires_at: until, updated_at: nowIso() })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('status', '=', seen.status);
  if (seen.status !== 'draft') {
    claim = claim
      .where((eb) => (seen.lease_owner === null ? eb('lease_owner', 'is', null) : eb('lease_owner', '=', seen.lease_owner)))
      .where((eb) => (seen.lease_expires_at === null ? eb('lease_expires_at', 'is', null) : eb('lease_expires_at', '=', seen.lease_expires_at)));
  }
  return Number((await claim.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Extends `owner`'s lease on a commit to `until`. */
export async function renewLease(db: Database, orgId: number, id: number, owner: string, until: string): Promise<void> {
  await db
    .updateTable('imports')
    .set({ lease_expires_at: until })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('status', '=', 'committing')
    .where('lease_owner', '=', owner)
    .execute();
}

/** Returns `owner`'s commit to draft. */
export async function releaseLease(db: Database, orgId: number, id: number, owner: string): Promise<void> {
  await db
    .updateTable('imports')
    .set({ status: 'draft', processed: 0, lease_owner: null, lease_expires_at: null, updated_at: nowIso() })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('status', '=', 'committing')
    .where('lease_owner', '=', owner)
    .execute();
}
