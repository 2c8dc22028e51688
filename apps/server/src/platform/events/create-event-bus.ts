import type { EventBus, EventLog } from './event-bus';
import { InProcessEventBus } from './in-process-bus';
import { RedisEventBus } from './redis-bus';

/** Redis pub/sub when REDIS_URL is set (several server processes), otherwise this process only. */
export function createEventBus(config: { redisUrl?: string }, log: EventLog): EventBus {
  return config.redisUrl ? new RedisEventBus(config.redisUrl, log) : new InProcessEventBus(log);
}
