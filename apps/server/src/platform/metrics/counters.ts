import { Counter } from 'prom-client';

// Counters bumped where the work happens: a delivery (mail, push, SMS), a failed job, an ingested
// position. That code knows the app's configuration but not its app (job handlers run in the server
// and in `npm run worker`), so the counters hang off the configuration object, like the mailer does.
// They belong to no registry here: each app's registry (app-metrics.ts) registers them, so tests that
// build many apps in one process never collide in prom-client's global registry.

export type DeliveryChannel = 'mail' | 'push' | 'sms';

export interface ProcessCounters {
  /** patio_deliveries_total{channel, outcome}: messages handed to a mail, push or SMS service. */
  deliveries: Counter<'channel' | 'outcome'>;
  /** patio_jobs_failed_total{kind, final}: failed job attempts; final="true" when the job is now dead. */
  jobsFailed: Counter<'kind' | 'final'>;
  /** patio_positions_ingested_total{live}: bus position reports stored; live="true" when one became the live position. */
  positionsIngested: Counter<'live'>;
}

const byConfig = new WeakMap<object, ProcessCounters>();

/** The counters of the app(s) built from `config` (one set per configuration object). */
export function countersOf(config: object): ProcessCounters {
  let counters = byConfig.get(config);
  if (!counters) {
    counters = {
      deliveries: new Counter({
        name: 'patio_deliveries_total',
        help: 'Messages handed to a delivery service, by channel (mail, push, sms) and outcome (sent, failed)',
        labelNames: ['channel', 'outcome'],
        registers: [],
      }),
      jobsFailed: new Counter({
        name: 'patio_jobs_failed_total',
        help: 'Failed job attempts by kind; final="true" when the job ran out of attempts and is dead',
        labelNames: ['kind', 'final'],
        registers: [],
      }),
      positionsIngested: new Counter({
        name: 'patio_positions_ingested_total',
        help: 'Bus position reports stored; live="true" when the report became the live position',
        labelNames: ['live'],
        registers: [],
      }),
    };
    // Every series exists from the start, so rate() and alerts see a 0 rather than nothing.
    for (const channel of ['mail', 'push', 'sms']) for (const outcome of ['sent', 'failed']) counters.deliveries.inc({ channel, outcome }, 0);
    for (const live of ['true', 'false']) counters.positionsIngested.inc({ live }, 0);
    byConfig.set(config, counters);
  }
  return counters;
}

/** Counts one delivery attempt of `channel`. */
export function countDelivery(config: object, channel: DeliveryChannel, sent: boolean): void {
  countersOf(config).deliveries.inc({ channel, outcome: sent ? 'sent' : 'failed' });
}
