import { PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { type NewPosition, type NextTargetState, positionRow } from './transport.queries';

// The two statements of a group commit (transport.position-batch.ts): every first compare-and-swap of
// a batch in one UPDATE, every report to store in one INSERT. On PostgreSQL each is one fixed text
// over arrays (unnest), whatever the batch's size: a batch of 128 written as SQLite's form was a
// statement of ≈ 2,300 parameters and a thousand `when`s that PostgreSQL parsed and planned anew,
// and that Kysely built and node-postgres encoded value by value — the larger part of a report's
// CPU on that database (bench/RESULTS.md "Transport live positions").

/** One target's compare-and-swap, for swapTargetStates. */
export interface TargetSwap {
  targetId: number;
  expected: { lastTimestamp: number | null; runId: number | null };
  next: NextTargetState;
}

const onPostgres = (db: Database) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * swapTargetState for several targets of a school, each at most once, in one UPDATE: a row takes its
 * own new state only if it still holds its own `expected` one. Answers the targets whose swap won.
 */
export async function swapTargetStates(db: Database, orgId: number, swaps: readonly TargetSwap[]): Promise<Set<number>> {
  if (swaps.length === 0) return new Set();
  const rows = onPostgres(db) ? await swapOnPostgres(db, orgId, swaps) : await swapByCase(db, orgId, swaps);
  return new Set(rows.map((r) => r.id));
}

// `is not distinct from`: an expected null matches only null, as `is null` does in the one-target swap.
function swapOnPostgres(db: Database, orgId: number, swaps: readonly TargetSwap[]) {
  const column = <T>(valueOf: (swap: TargetSwap) => T) => swaps.map(valueOf);
  return sql<{ id: number }>`
    update geo_targets as t set
      last_timestamp = v.ts, last_position = v.pos, last_received_at = v.received, speed_avg = v.speed,
      next_stop_index = v.next_index, run_id = v.run, last_etas = v.etas
    from unnest(
      ${column((s) => s.targetId)}::int[], ${column((s) => s.expected.lastTimestamp)}::float8[], ${column((s) => s.expected.runId)}::int[],
      ${column((s) => s.next.lastTimestamp)}::float8[], ${column((s) => s.next.lastPosition)}::text[], ${column((s) => s.next.receivedAt)}::text[],
      ${column((s) => s.next.speedAvg)}::float8[], ${column((s) => s.next.nextStopIndex)}::int[], ${column((s) => s.next.runId)}::int[],
      ${column((s) => s.next.etas)}::text[]
    ) as v(id, expected_ts, expected_run, ts, pos, received, speed, next_index, run, etas)
    where t.org_id = ${orgId} and t.id = v.id
      and t.last_timestamp is not distinct from v.expected_ts and t.run_id is not distinct from v.expected_run
    returning t.id`
    .execute(db)
    .then((result) => result.rows);
}

// `case id when … then …`: each row's own value.
function swapByCase(db: Database, orgId: number, swaps: readonly TargetSwap[]) {
  const byTarget = <T>(column: string, valueOf: (swap: TargetSwap) => T) =>
    sql<T>`case ${sql.join(swaps.map((s) => sql`when ${sql.ref('id')} = ${s.targetId} then ${valueOf(s)}`), sql` `)} else ${sql.ref(column)} end`;
  return db
    .updateTable('geo_targets')
    .set({
      last_timestamp: byTarget('last_timestamp', (s) => s.next.lastTimestamp),
      last_position: byTarget('last_position', (s) => s.next.lastPosition),
      last_received_at: byTarget('last_received_at', (s) => s.next.receivedAt),
      speed_avg: byTarget('speed_avg', (s) => s.next.speedAvg),
      next_stop_index: byTarget('next_stop_index', (s) => s.next.nextStopIndex),
      run_id: byTarget('run_id', (s) => s.next.runId),
      last_etas: byTarget('last_etas', (s) => s.next.etas),
    })
    .where(scopedToOrg(orgId))
    .where(
      'id',
      'in',
      swaps.map((s) => s.targetId),
    )
    .where((eb) =>
      eb.or(
        swaps.map((s) =>
          eb.and([
            eb('id', '=', s.targetId),
            s.expected.lastTimestamp === null ? eb('last_timestamp', 'is', null) : eb('last_timestamp', '=', s.expected.lastTimestamp),
            s.expected.runId === null ? eb('run_id', 'is', null) : eb('run_id', '=', s.expected.runId),
          ]),
        ),
      ),
    )
    .returning('id')
    .execute();
}

interface StoredKey {
  id: number | string;
  target_id: number;
  timestamp: number;
  received_at: string;
  reporter_id: number | null;
  latitude: number;
  longitude: number;
}

/**
 * Stores reports of a school in one INSERT; answers their ids in the order given. RETURNING promises
 * no order (on either database), so each row is found by what it holds: two rows alike in all of it
 * (one device's report, sent twice in the same millisecond) are the same report, in either order.
 */
export async function insertPositions(db: Database, orgId: number, positions: readonly NewPosition[]): Promise<(number | string)[]> {
  if (positions.length === 0) return [];
  const rows = onPostgres(db) ? await insertOnPostgres(db, orgId, positions) : await insertByValues(db, orgId, positions);
  const keyOf = (r: Omit<StoredKey, 'id'>) => `${r.target_id}|${r.timestamp}|${r.received_at}|${r.reporter_id}|${r.latitude}|${r.longitude}`;
  const idsByKey = new Map<string, (number | string)[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const ids = idsByKey.get(key);
    if (ids) ids.push(row.id);
    else idsByKey.set(key, [row.id]);
  }
  return positions.map((p) => {
    const id = idsByKey.get(keyOf({ target_id: p.targetId, timestamp: p.timestamp, received_at: p.receivedAt, reporter_id: p.reporterId, latitude: p.latitude, longitude: p.longitude }))?.shift();
    if (id === undefined) throw new Error('A stored position did not come back from its INSERT');
    return id;
  });
}

function insertOnPostgres(db: Database, orgId: number, positions: readonly NewPosition[]) {
  const column = <T>(valueOf: (p: NewPosition) => T) => positions.map(valueOf);
  return sql<StoredKey>`
    insert into geo_positions (org_id, target_id, run_id, reporter_id, latitude, longitude, altitude, accuracy, altitude_accuracy, heading, speed, "timestamp", received_at)
    select ${orgId}, * from unnest(
      ${column((p) => p.targetId)}::int[], ${column((p) => p.runId)}::int[], ${column((p) => p.reporterId)}::int[],
      ${column((p) => p.latitude)}::float8[], ${column((p) => p.longitude)}::float8[], ${column((p) => p.altitude)}::float8[],
      ${column((p) => p.accuracy)}::float8[], ${column((p) => p.altitudeAccuracy)}::float8[], ${column((p) => p.heading)}::float8[],
      ${column((p) => p.speed)}::float8[], ${column((p) => p.timestamp)}::float8[], ${column((p) => p.receivedAt)}::text[]
    )
    returning id, target_id, "timestamp", received_at, reporter_id, latitude, longitude`
    .execute(db)
    .then((result) => result.rows);
}

function insertByValues(db: Database, orgId: number, positions: readonly NewPosition[]) {
  return db
    .insertInto('geo_positions')
    .values(positions.map((p) => positionRow(orgId, p)))
    .returning(['id', 'target_id', 'timestamp', 'received_at', 'reporter_id', 'latitude', 'longitude'])
    .execute();
}

/** A write of writeBatchInOneStatement: a report to store, made live first when `swap` is set and wins. */
export interface BatchWrite {
  targetId: number;
  swap: { expected: { lastTimestamp: number | null; runId: number | null }; next: NextTargetState } | null;
  position: NewPosition;
}

/** True when the batch can be one statement: PostgreSQL, and each target swapped at most once. */
export function fitsOneStatement(db: Database, writes: readonly BatchWrite[]): boolean {
  if (!onPostgres(db)) return false;
  const swapped = new Set<number>();
  for (const write of writes) {
    if (!write.swap) continue;
    if (swapped.has(write.targetId)) return false;
    swapped.add(write.targetId);
  }
  return true;
}

/**
 * A batch of one school on PostgreSQL as a single statement — the swaps, then the INSERT of the
 * reports to store (every one without a swap, each with a won swap) — so it commits on its own: one
 * round trip instead of the transaction's four (BEGIN, UPDATE, INSERT, COMMIT), which at a few
 * reports per batch (an open loop of devices) were most of a report's cost. Answers, in the order
 * given, whether each swap won and each stored report's id (null for a lost swap).
 */
export async function writeBatchInOneStatement(db: Database, orgId: number, writes: readonly BatchWrite[]): Promise<{ live: boolean; id: number | string | null }[]> {
  const column = <T>(valueOf: (write: BatchWrite) => T) => writes.map(valueOf);
  const next = <T>(valueOf: (next: NextTargetState) => T) => writes.map((w) => (w.swap ? valueOf(w.swap.next) : null));
  const position = <T>(valueOf: (p: NewPosition) => T) => writes.map((w) => valueOf(w.position));
  const { rows } = await sql<{ n: number | string; position_id: number | string | null; won: boolean }>`
    with v as (
      select * from unnest(
        ${column((w) => w.swap !== null)}::bool[], ${column((w) => w.targetId)}::int[],
        ${column((w) => w.swap?.expected.lastTimestamp ?? null)}::float8[], ${column((w) => w.swap?.expected.runId ?? null)}::int[],
        ${next((n) => n.lastTimestamp)}::float8[], ${next((n) => n.lastPosition)}::text[], ${next((n) => n.receivedAt)}::text[],
        ${next((n) => n.speedAvg)}::float8[], ${next((n) => n.nextStopIndex)}::int[], ${next((n) => n.runId)}::int[], ${next((n) => n.etas)}::text[],
        ${position((p) => p.runId)}::int[], ${position((p) => p.reporterId)}::int[],
        ${position((p) => p.latitude)}::float8[], ${position((p) => p.longitude)}::float8[], ${position((p) => p.altitude)}::float8[],
        ${position((p) => p.accuracy)}::float8[], ${position((p) => p.altitudeAccuracy)}::float8[], ${position((p) => p.heading)}::float8[],
        ${position((p) => p.speed)}::float8[], ${position((p) => p.timestamp)}::float8[], ${position((p) => p.receivedAt)}::text[]
      ) with ordinality as v(
        swap, target_id, expected_ts, expected_run, ts, pos, received, speed_avg, next_index, live_run, etas,
        run_id, reporter_id, latitude, longitude, altitude, accuracy, altitude_accuracy, heading, speed, fix_time, received_at, n
      )
    ),
    swapped as (
      update geo_targets as t set
        last_timestamp = v.ts, last_position = v.pos, last_received_at = v.received, speed_avg = v.speed_avg,
        next_stop_index = v.next_index, run_id = v.live_run, last_etas = v.etas
      from v
      where v.swap and t.org_id = ${orgId} and t.id = v.target_id
        and t.last_timestamp is not distinct from v.expected_ts and t.run_id is not distinct from v.expected_run
      returning t.id
    ),
    kept as (
      select v.*, v.swap and v.target_id in (select id from swapped) as won from v
      where not v.swap or v.target_id in (select id from swapped)
    ),
    stored as (
      insert into geo_positions (org_id, target_id, run_id, reporter_id, latitude, longitude, altitude, accuracy, altitude_accuracy, heading, speed, "timestamp", received_at)
      select ${orgId}, target_id, run_id, reporter_id, latitude, longitude, altitude, accuracy, altitude_accuracy, heading, speed, fix_time, received_at
      from kept order by n
      returning id, target_id, "timestamp", received_at, reporter_id, latitude, longitude
    )
    select kept.n, stored.id as position_id, kept.won from kept
    left join stored on stored.target_id = kept.target_id and stored."timestamp" = kept.fix_time and stored.received_at = kept.received_at
      and stored.reporter_id is not distinct from kept.reporter_id and stored.latitude = kept.latitude and stored.longitude = kept.longitude`.execute(db);
  // A lost swap has no row; every kept report has one per stored row alike (two alike in all the join
  // compares are one report sent twice, and either id answers either).
  const outcomes = writes.map(() => ({ live: false, id: null as number | string | null }));
  const kept = new Set<number>();
  const taken = new Set<string>();
  for (const row of rows) {
    const i = Number(row.n) - 1;
    kept.add(i);
    if (row.position_id === null || outcomes[i].id !== null || taken.has(String(row.position_id))) continue;
    taken.add(String(row.position_id));
    outcomes[i] = { live: row.won, id: row.position_id };
  }
  if ([...kept].some((i) => outcomes[i].id === null)) throw new Error('A stored position did not come back from its INSERT');
  return outcomes;
}
