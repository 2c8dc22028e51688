import type { JobDefinition, JobQueue } from '../../platform/jobs/jobs';
import { passwordResetJob } from '../auth/index';
import { invitationMailJob } from '../invitations/index';
import { postDeliveredJob, postPublishJob } from '../posts/index';
import { registrationMailJob } from '../registration/index';
import { anonUploadsExpiryJob } from '../files/index';
import { calendarImportJob } from '../calendar/index';
import { notificationJobs, personalNoticeJobs } from '../notifications/index';
import { positionsPurgeJob } from '../transport/index';
import { reconcilePaymentsJob } from '../billing/index';
import { attendanceAlertJob } from '../attendance/index';

/**
 * Every kind of job, registered alike in the server and in `npm run worker` processes so either can
 * run any job. A new kind adds its definition here.
 */
const jobDefinitions: JobDefinition<never>[] = [registrationMailJob, invitationMailJob, passwordResetJob, postDeliveredJob, postPublishJob];
jobDefinitions.push(anonUploadsExpiryJob);
jobDefinitions.push(calendarImportJob);
jobDefinitions.push(...(notificationJobs as JobDefinition<never>[]));
jobDefinitions.push(...(personalNoticeJobs as JobDefinition<never>[]));
jobDefinitions.push(positionsPurgeJob);
jobDefinitions.push(reconcilePaymentsJob);
jobDefinitions.push(attendanceAlertJob as JobDefinition<never>);

export function registerJobHandlers(queue: JobQueue): JobQueue {
  for (const definition of jobDefinitions) queue.register(definition);
  return queue;
}
