import type { Database } from '../../db/database';
import { fitsOneStatement, insertPositions, swapTargetStates, writeBatchInOneStatement } from './transport.position-batch.queries';
import { insertPosition, type NewPosition, type NextTargetState, swapTargetState } from './transport.queries';

// Group commit of the ingest's writes (bench/RESULTS.md "Transport live positions"): the reports that
// reach this point in one turn of the event loop are written together, in one transaction and in a
// few statements (applyWrites), and each request is answered once it commits. Two autocommitted
// statements per report were half of a report's cost on SQLite (a WAL commit each) and most of it on
// PostgreSQL (a round trip and a commit each). Each write is the same compare-and-swap as alone: the
// conditional UPDATE decides, in any process, which report is live. If the batch fails, nothing of it
// was written, and each write is tried again in a transaction of its own, so one bad write fails only
// its own request and none is half-written.

/** Writes of one transaction at most; more wait for the next one (a batch is the requests in flight). */
const MAX_BATCH = 256;

export interface PositionWrite {
  orgId: number;
  targetId: number;
  /** Make it the live state if the state is still `expected`; null: store the report only (an older one). */
  swap: { expected: { lastTimestamp: number | null; runId: number | null }; next: NextTargetState } | null;
  position: NewPosition;
}

/** `live`: the swap won and the report is stored as `id`; a lost swap stores nothing (id null). */
export type WriteOutcome = { live: true; id: number | string } | { live: false; id: number | string | null };

interface Pending {
  write: PositionWrite;
  resolve(outcome: WriteOutcome): void;
  reject(err: unknown): void;
}

class PositionBatch {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: Database) {}

  add(write: PositionWrite): Promise<WriteOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    // Stable by target: a target's writes keep their order, and two batches in flight (PostgreSQL)
    // lock targets in the same order, so they never deadlock.
    const batch = this.queue.splice(0, MAX_BATCH).sort((a, b) => a.write.orgId - b.write.orgId || a.write.targetId - b.write.targetId);
    if (this.queue.length > 0) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    void this.commit(batch);
  }

  private async commit(batch: Pending[]): Promise<void> {
    let outcomes: WriteOutcome[];
    try {
      const writes = batch.map((pending) => pending.write);
      const orgId = writes[0].orgId;
      if (writes.every((write) => write.orgId === orgId) && fitsOneStatement(this.db, writes)) {
        outcomes = (await writeBatchInOneStatement(this.db, orgId, writes)) as WriteOutcome[];
      } else {
        outcomes = await this.db.transaction().execute((trx) => (writes.length === 1 ? applyWrite(trx, writes[0]).then((one) => [one]) : applyWrites(trx, writes)));
      }
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      for (const pending of batch) {
        try {
          pending.resolve(await this.db.transaction().execute((trx) => applyWrite(trx, pending.write)));
        } catch (own) {
          pending.reject(own);
        }
      }
      return;
    }
    batch.forEach((pending, i) => pending.resolve(outcomes[i]));
  }
}

async function applyWrite(db: Database, write: PositionWrite): Promise<WriteOutcome> {
  if (write.swap && !(await swapTargetState(db, write.orgId, write.targetId, write.swap.expected, write.swap.next))) return { live: false, id: null };
  const id = await insertPosition(db, write.orgId, write.position);
  return write.swap ? { live: true, id } : { live: false, id };
}

/**
 * The writes of a batch in four statements whatever its size (a round trip each on PostgreSQL): one
 * UPDATE for the first swap of each target, then any later swap of a target already swapped, one by
 * one, then one INSERT of every report to store (the winners and the older reports).
 */
async function applyWrites(db: Database, writes: readonly PositionWrite[]): Promise<WriteOutcome[]> {
  const live = new Array<boolean>(writes.length).fill(false);
  const firsts = new Map<number, number[]>(); // org → indexes of the first swap of each of its targets
  const seen = new Set<string>();
  const later: number[] = [];
  writes.forEach((write, i) => {
    if (!write.swap) return;
    const key = `${write.orgId}:${write.targetId}`;
    if (seen.has(key)) return later.push(i);
    seen.add(key);
    const own = firsts.get(write.orgId);
    if (own) own.push(i);
    else firsts.set(write.orgId, [i]);
  });
  for (const [orgId, indexes] of firsts) {
    const won = await swapTargetStates(db, orgId, indexes.map((i) => ({ targetId: writes[i].targetId, ...writes[i].swap! })));
    for (const i of indexes) live[i] = won.has(writes[i].targetId);
  }
  for (const i of later) {
    const { orgId, targetId, swap } = writes[i];
    live[i] = await swapTargetState(db, orgId, targetId, swap!.expected, swap!.next);
  }
  const stored = new Map<number, number[]>(); // org → indexes of the reports to store
  writes.forEach((write, i) => {
    if (write.swap && !live[i]) return;
    const own = stored.get(write.orgId);
    if (own) own.push(i);
    else stored.set(write.orgId, [i]);
  });
  const ids = new Array<number | string | null>(writes.length).fill(null);
  for (const [orgId, indexes] of stored) {
    const inserted = await insertPositions(db, orgId, indexes.map((i) => writes[i].position));
    indexes.forEach((i, k) => (ids[i] = inserted[k]));
  }
  return writes.map((write, i) => (write.swap && live[i] ? { live: true, id: ids[i]! } : { live: false, id: ids[i] }));
}

const batches = new WeakMap<Database, PositionBatch>();

/** Writes a report with the others of this turn of the event loop; resolves once their transaction commits. */
export function writePosition(db: Database, write: PositionWrite): Promise<WriteOutcome> {
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = new PositionBatch(db)));
  return batch.add(write);
}
