import type { JobDefinition, JobQueue } from '../../platform/jobs/jobs';
import { registrationMailJob } from '../registration/index';

/**
 * Every kind of job, registered alike in the server and in `npm run worker` processes so either can
 * run any job. A new kind adds its definition here.
 */
const jobDefinitions: JobDefinition<never>[] = [registrationMailJob];

export function registerJobHandlers(queue: JobQueue): JobQueue {
  for (const definition of jobDefinitions) queue.register(definition);
  return queue;
}
