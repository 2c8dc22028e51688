import type { Migration } from 'kysely';
import * as m001 from './001-foundation';
import * as m002 from './002-people-nodes';
import * as m003 from './003-import-registration';
import * as m004 from './004-people-search';
import * as m005 from './005-memberships-by-person';
import * as m006 from './006-document-keys';
import * as m007 from './007-stage-registrations';
import * as m008 from './008-import-lease';
import * as m009 from './009-jobs';
import * as m010 from './010-people-sort-key';
import * as m011 from './011-invitations';
import * as m012 from './012-posts';
import * as m013 from './013-blocks';
import * as m014 from './014-calendar';
import * as m015 from './015-notifications';
import * as m016 from './016-transport';
import * as m017 from './017-personal-notices';
import * as m018 from './018-billing';
import * as m019 from './019-single-sign-on';
import * as m020 from './020-attendance';
import * as m021 from './021-sessions';
import * as m022 from './022-registration-links';
import * as m023 from './023-billing-safety';
import * as m024 from './024-post-language';
import * as m025 from './025-event-sequence';
import * as m026 from './026-classroom';
import * as m028 from './028-classroom-notices';
import * as m029 from './029-dashboards';
import * as m030 from './030-activities';
import * as m031 from './031-activity-offers';

/** Every migration, imported statically so esbuild bundles them (no filesystem discovery). */
export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-people-nodes': m002,
  '003-import-registration': m003,
  '004-people-search': m004,
  '005-memberships-by-person': m005,
  '006-document-keys': m006,
  '007-stage-registrations': m007,
  '008-import-lease': m008,
  '009-jobs': m009,
  '010-people-sort-key': m010,
  '011-invitations': m011,
  '012-posts': m012,
  '013-blocks': m013,
  '014-calendar': m014,
  '015-notifications': m015,
  '016-transport': m016,
  '017-personal-notices': m017,
  '018-billing': m018,
  '019-single-sign-on': m019,
  '020-attendance': m020,
  '021-sessions': m021,
  '022-registration-links': m022,
  '023-billing-safety': m023,
  '024-post-language': m024,
  '025-event-sequence': m025,
  '026-classroom': m026,
  '028-classroom-notices': m028,
  '029-dashboards': m029,
  '030-activities': m030,
  '031-activity-offers': m031,
};
