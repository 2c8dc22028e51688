import type { AreaManifest } from '../platform/area-manifest';
import type { JobQueue } from '../platform/jobs/jobs';
import { activitiesManifest } from './activities/index';
import { adminsManifest } from './admins/index';
import { allowedManifest } from './allowed/index';
import { attendanceManifest } from './attendance/index';
import { audiencesManifest } from './audiences/index';
import { authManifest } from './auth/index';
import { billingManifest } from './billing/index';
import { blocksManifest } from './blocks/index';
import { calendarManifest } from './calendar/index';
import { classroomManifest } from './classroom/index';
import { dashboardsManifest } from './dashboards/index';
import { devicesManifest } from './devices/index';
import { filesManifest } from './files/index';
import { formsManifest } from './forms/index';
import { i18nManifest } from './i18n/index';
import { idcardsManifest } from './idcards/index';
import { importManifest } from './import/index';
import { invitationsManifest } from './invitations/index';
import { jobsManifest } from './jobs/index';
import { liveManifest } from './live/index';
import { nodesManifest } from './nodes/index';
import { notificationsManifest } from './notifications/index';
import { orgManifest } from './org/index';
import { peopleManifest } from './people/index';
import { persontabManifest } from './persontab/index';
import { postsManifest } from './posts/index';
import { proxyManifest } from './proxy/index';
import { registrationManifest } from './registration/index';
import { sessionsManifest } from './sessions/index';
import { settingsManifest } from './settings/index';
import { ssoManifest } from './sso/index';
import { threadsManifest } from './threads/index';
import { transportManifest } from './transport/index';
import { translationManifest } from './translation/index';

/**
 * Every area of the server (docs/decisions/025-area-manifests.md). app.ts mounts their routes and live
 * topics, the server and `npm run worker` register their jobs from here; a new area adds its manifest
 * to this list and nowhere else. School routes are registered in this order.
 */
export const areaManifests: readonly AreaManifest[] = [
  authManifest,
  peopleManifest,
  devicesManifest,
  allowedManifest,
  settingsManifest,
  i18nManifest,
  nodesManifest,
  adminsManifest,
  importManifest,
  registrationManifest,
  audiencesManifest,
  jobsManifest,
  invitationsManifest,
  postsManifest,
  liveManifest,
  threadsManifest,
  filesManifest,
  blocksManifest,
  formsManifest,
  calendarManifest,
  notificationsManifest,
  transportManifest,
  ssoManifest,
  billingManifest,
  attendanceManifest,
  sessionsManifest,
  orgManifest,
  translationManifest,
  proxyManifest,
  classroomManifest,
  idcardsManifest,
  persontabManifest,
  dashboardsManifest,
  activitiesManifest,
];

/**
 * Tables no area owns: the migrator's, the job queue's (platform/jobs: a job may belong to no school),
 * the payment sandbox's (platform/payments) and the demo seed's progress (db/seed).
 */
export const tablesOutsideAreas: readonly string[] = ['kysely_migration', 'kysely_migration_lock', 'jobs', 'billing_sandbox_charges', 'seed_steps'];

/** Every kind of job of every area, registered alike in the server and in `npm run worker` processes so either can run any job. */
export function registerJobHandlers(queue: JobQueue): JobQueue {
  for (const area of areaManifests) for (const definition of area.jobs ?? []) queue.register(definition);
  return queue;
}
