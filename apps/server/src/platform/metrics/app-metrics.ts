import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { countersOf } from './counters';
import { observeHttpRequests } from './http-metrics';
import { registerStateGauges, type StateSources } from './state-gauges';

/** What GET /metrics sends. */
export interface MetricsPage {
  contentType: string;
  body: string;
}

/** The metrics of one app instance, in a registry of its own. */
export interface AppMetrics {
  readonly registry: Registry;
  /** The Prometheus text of every series now. */
  render(): Promise<MetricsPage>;
}

/**
 * One registry per app: the configuration's counters (counters.ts), the HTTP histogram, the state
 * gauges, and Node's process metrics (process_*, nodejs_*). Tests build many apps in one process; none
 * touches prom-client's global registry, so they never collide.
 */
export function createAppMetrics(app: FastifyInstance, config: object, sources: StateSources): AppMetrics {
  const registry = new Registry();
  const counters = countersOf(config);
  registry.registerMetric(counters.deliveries);
  registry.registerMetric(counters.jobsFailed);
  registry.registerMetric(counters.positionsIngested);
  observeHttpRequests(app, registry);
  registerStateGauges(registry, sources);

  // The process metrics keep an event-loop delay monitor and a GC observer running for good. A server
  // starts them when it listens; an app that never listens (most tests) only at its first scrape.
  let processMetrics = false;
  const collectProcessMetrics = () => {
    if (processMetrics) return;
    processMetrics = true;
    collectDefaultMetrics({ register: registry });
  };
  app.addHook('onListen', async () => collectProcessMetrics());

  return {
    registry,
    async render() {
      collectProcessMetrics();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
