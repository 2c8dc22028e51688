import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Transport and live GPS (issue 13). A route is a node of type "route" (its stops already live in
// route_stops); this adds what a bus route needs beyond the tree:
// - route_stops.scheduled_time: the stop's planned time of day ('HH:MM', school time zone), the ETA's prior.
// - transport_routes: vehicle, driver and monitor of a route node (one row per route).
// - route_riders: which stop a rider boards at (pick-up) and leaves at (drop-off).
// - geo_targets: the tracked bus of a route, with its last accepted report (the live state), so "is
//   this report newer than the last one" is one conditional UPDATE that two processes cannot both win.
//   run_id names the run that next_stop_index, speed_avg and last_etas belong to (no foreign key: the
//   state outlives nothing, and a cascade must never delete a target); last_etas is the JSON StopEta[]
//   computed for the last live report, which GET transport/routes/{id} answers as it was broadcast.
// - transport_runs: a run from start to finish. active_key holds the route's node id while the run is
//   on and null after, so a unique (org_id, active_key) allows one running run per route on both databases.
// - geo_positions: every report (§3), kept GEO_RETENTION_DAYS by a purge job. Its id is 64-bit: a busy
//   deployment passes 2^31 reports.
// - route_log: what happened on a run. once_key (unique) makes "stop reached" and "delayed" happen once.
// - transport_shares: expiring read-only links; only a hash of the token is stored.
// - transport_alerts: a person's "approaching" alert for a route; transport_alert_sends: sent once per run.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  await db.schema.alterTable('route_stops').addColumn('scheduled_time', 'varchar(5)').execute();

  let routes = tenantKeys(db.schema.createTable('transport_routes'), dialect, 'transport_routes')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('vehicle', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('driver_id', 'integer')
    .addColumn('monitor_id', 'integer')
    .addUniqueConstraint('transport_routes_node_key', ['org_id', 'node_id']);
  routes = fk(routes, 'transport_routes_node_fk', 'node_id', 'nodes');
  // No foreign keys on driver_id and monitor_id: a composite key's cascade would delete the route with
  // its driver. Readers join people, so a crew member who is gone reads as no one.
  await routes.execute();

  let riders = tenantKeys(db.schema.createTable('route_riders'), dialect, 'route_riders')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('pickup_stop_id', 'integer')
    .addColumn('dropoff_stop_id', 'integer')
    .addUniqueConstraint('route_riders_node_person_key', ['org_id', 'node_id', 'person_id']);
  riders = fk(riders, 'route_riders_node_fk', 'node_id', 'nodes');
  riders = fk(riders, 'route_riders_person_fk', 'person_id', 'people');
  riders = fk(riders, 'route_riders_pickup_fk', 'pickup_stop_id', 'route_stops');
  riders = fk(riders, 'route_riders_dropoff_fk', 'dropoff_stop_id', 'route_stops');
  await riders.execute();
  await db.schema.createIndex('route_riders_person_idx').on('route_riders').columns(['org_id', 'person_id']).execute();

  let targets = tenantKeys(db.schema.createTable('geo_targets'), dialect, 'geo_targets')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('node_id', 'integer')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_timestamp', 'double precision')
    .addColumn('last_position', 'text')
    .addColumn('last_received_at', 'text')
    .addColumn('speed_avg', 'double precision')
    .addColumn('next_stop_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_id', 'integer')
    .addColumn('last_etas', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('geo_targets_node_key', ['org_id', 'node_id']);
  targets = fk(targets, 'geo_targets_node_fk', 'node_id', 'nodes');
  await targets.execute();

  let runs = tenantKeys(db.schema.createTable('transport_runs'), dialect, 'transport_runs')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('active_key', 'integer')
    .addColumn('started_by', 'integer')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_by', 'integer')
    .addColumn('finished_at', 'text')
    .addUniqueConstraint('transport_runs_active_key', ['org_id', 'active_key']);
  runs = fk(runs, 'transport_runs_node_fk', 'node_id', 'nodes');
  runs = fk(runs, 'transport_runs_started_by_fk', 'started_by', 'people');
  runs = fk(runs, 'transport_runs_finished_by_fk', 'finished_by', 'people');
  await runs.execute();
  await db.schema.createIndex('transport_runs_node_idx').on('transport_runs').columns(['org_id', 'node_id', 'started_at']).execute();

  let positions = db.schema
    .createTable('geo_positions')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'));
  positions =
    dialect === 'sqlite'
      ? positions.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : positions
          .addColumn('id', 'bigint', (c) => c.generatedByDefaultAsIdentity().notNull())
          .addPrimaryKeyConstraint('geo_positions_pkey', ['org_id', 'id']);
  positions = positions
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer')
    .addColumn('reporter_id', 'integer')
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('altitude', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('altitude_accuracy', 'double precision')
    .addColumn('heading', 'double precision')
    .addColumn('speed', 'double precision')
    .addColumn('timestamp', 'double precision', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull());
  positions = fk(positions, 'geo_positions_target_fk', 'target_id', 'geo_targets');
  await positions.execute();
  await db.schema.createIndex('geo_positions_target_time_idx').on('geo_positions').columns(['org_id', 'target_id', 'timestamp']).execute();
  await db.schema.createIndex('geo_positions_received_idx').on('geo_positions').columns(['org_id', 'received_at']).execute();

  let log = tenantKeys(db.schema.createTable('route_log'), dialect, 'route_log')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('stop_id', 'integer')
    .addColumn('person_id', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('minutes', 'integer')
    .addColumn('once_key', 'varchar(120)')
    .addUniqueConstraint('route_log_once_key', ['org_id', 'once_key']);
  log = fk(log, 'route_log_node_fk', 'node_id', 'nodes');
  log = fk(log, 'route_log_run_fk', 'run_id', 'transport_runs');
  await log.execute();
  await db.schema.createIndex('route_log_node_idx').on('route_log').columns(['org_id', 'node_id', 'at']).execute();

  let shares = tenantKeys(db.schema.createTable('transport_shares'), dialect, 'transport_shares')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('transport_shares_token_key', ['org_id', 'token_hash']);
  shares = fk(shares, 'transport_shares_node_fk', 'node_id', 'nodes');
  shares = fk(shares, 'transport_shares_creator_fk', 'created_by', 'people');
  await shares.execute();

  let alerts = db.schema
    .createTable('transport_alerts')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('stop_id', 'integer', (c) => c.notNull())
    .addColumn('meters', 'integer')
    .addColumn('minutes', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('transport_alerts_pkey', ['org_id', 'person_id', 'node_id']);
  alerts = fk(alerts, 'transport_alerts_person_fk', 'person_id', 'people');
  alerts = fk(alerts, 'transport_alerts_node_fk', 'node_id', 'nodes');
  alerts = fk(alerts, 'transport_alerts_stop_fk', 'stop_id', 'route_stops');
  await alerts.execute();
  await db.schema.createIndex('transport_alerts_node_idx').on('transport_alerts').columns(['org_id', 'node_id']).execute();

  let sends = db.schema
    .createTable('transport_alert_sends')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('transport_alert_sends_pkey', ['org_id', 'run_id', 'person_id', 'kind']);
  sends = fk(sends, 'transport_alert_sends_run_fk', 'run_id', 'transport_runs');
  sends = fk(sends, 'transport_alert_sends_person_fk', 'person_id', 'people');
  await sends.execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'transport_alert_sends',
    'transport_alerts',
    'transport_shares',
    'route_log',
    'geo_positions',
    'transport_runs',
    'geo_targets',
    'route_riders',
    'transport_routes',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('route_stops').dropColumn('scheduled_time').execute();
}
