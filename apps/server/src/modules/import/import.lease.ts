import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { findLeaseState, releaseLease, renewLease, takeLease } from './import.lease.queries';

// A commit holds its import by a lease (issue 6 item 15): the owner names this process and the lease
// lapses LEASE_MS after the last heartbeat. Another request may take the import over when the lease
// lapsed, or at once when the owner was a process of this host that no longer runs (its transaction
// was rolled back with its connection, so nothing of it is left).

export const LEASE_MS = 30_000;
export const HEARTBEAT_MS = 10_000;

/** This process: host, pid and a boot id, so a later process that reuses the pid is a different owner. */
export const thisProcess = `${hostname()}/${process.pid}/${randomBytes(6).toString('hex')}`;

interface Owner {
  host: string;
  pid: number;
  boot: string;
}

function parseOwner(owner: string): Owner | null {
  const parts = owner.split('/');
  if (parts.length < 3) return null;
  const boot = parts.pop()!;
  const pid = Number(parts.pop());
  return Number.isInteger(pid) && pid > 0 ? { host: parts.join('/'), pid, boot } : null;
}

/** True when `owner` was a process of this host that is gone (its pid answers ESRCH, or it is us after a restart). */
export function isDeadLocalOwner(owner: string, self = thisProcess): boolean {
  const them = parseOwner(owner);
  const me = parseOwner(self);
  if (!them || !me || them.host !== me.host) return false;
  if (them.pid === me.pid) return them.boot !== me.boot;
  try {
    process.kill(them.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const leaseUntil = () => new Date(Date.now() + LEASE_MS).toISOString();

/**
 * draft → committing, or takes over a commit whose owner is gone: one compare-and-set on the state
 * that was read, so of two concurrent claims exactly one wins.
 */
export async function claimImport(db: Database, orgId: number, id: number): Promise<boolean> {
  const seen = await findLeaseState(db, orgId, id);
  if (!seen) return false;
  const claimable = seen.status === 'draft' || (seen.status === 'committing' && isLeaseGone(seen.lease_owner, seen.lease_expires_at));
  return claimable && (await takeLease(db, orgId, id, seen, thisProcess, leaseUntil()));
}

/** A commit without a lease predates migration 008 or lost it; one with a lapsed lease or a dead owner is gone too. */
function isLeaseGone(owner: string | null, expiresAt: string | null): boolean {
  if (owner === null || expiresAt === null) return true;
  return expiresAt < nowIso() || isDeadLocalOwner(owner);
}

/** Renews this process's lease every HEARTBEAT_MS until the returned stop function is called. */
export function keepLease(db: Database, orgId: number, id: number): () => void {
  const timer = setInterval(() => {
    // A missed beat only shortens the lease; the next one retries.
    renewLease(db, orgId, id, thisProcess, leaseUntil()).catch(() => {});
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** A failed commit returns the import to draft (its transaction wrote nothing). */
export async function releaseImport(db: Database, orgId: number, id: number): Promise<void> {
  await releaseLease(db, orgId, id, thisProcess);
}
