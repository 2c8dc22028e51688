import type { Generated } from 'kysely';
import type { ImportRegistrationTables } from './types-import-registration';
import type { InvitationTables, LoginTokenPurpose } from './types-invitations';
import type { PostTables } from './types-posts';
import type { BlockTables } from './types-blocks';
import type { CalendarTables } from './types-calendar';
import type { NotificationTables } from './types-notifications';
import type { TransportTables } from './types-transport';
import type { NoticeTables } from './types-notices';
import type { BillingTables } from './types-billing';
import type { SsoTables } from './types-sso';
import type { SessionTables } from './types-sessions';
import type { AttendanceTables } from './types-attendance';
import type { ClassroomTables } from './types-classroom';
import type { ClassroomNoticeTables } from './types-classroom-notices';
import type { DashboardTables } from './types-dashboards';
import type { ActivityTables } from './types-activities';

// Row shapes of today's schema. Migrations never import these (they are written against Kysely<any>).
// Timestamps are ISO-8601 text, booleans integers 0/1, JSON text — the same on SQLite and PostgreSQL.

export interface OrgTable {
  id: Generated<number>;
  code: string;
  title: string;
  logo: string | null;
  /** JSON: { public: {…shown by GET vue/settings}, color?, signIn?: {google?:{clientId}, …} } */
  settings: string;
  created_at: string;
}

export interface PersonTable {
  org_id: number;
  id: Generated<number>;
  username: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  document: string | null;
  gender: 'female' | 'male' | null;
  birthday: string | null;
  email: string | null;
  mobile: string | null;
  student_code: string | null;
  avatar: string | null;
  language: string | null;
  /** School administrator (0/1). */
  is_admin: number;
  created_at: string;
  /** spec §3 clinic data (migration 002): blood type, weight in kg, height in cm, insurer. */
  blood_type: string | null;
  weight: number | null;
  height: number | null;
  medical_insurance: string | null;
  /** Staff that families may message from their Contacts tab (0/1). */
  is_contact: Generated<number>;
  /** Folded "first|last|last2|document" for search (migration 004; modules/people/search-key.ts). */
  search_key: string;
  /** Normalised document, unique per school (migration 006; documentKeyOf in @patio/core). */
  document_key: string | null;
  /** Folded "last\tlast2\tfirst" that ORDER BY uses (migration 010; modules/people/sort-key.ts). */
  sort_key: string;
  /** Bumped when every token of the account is revoked (migration 021; modules/sessions). */
  token_version: Generated<number>;
}

export interface RelationshipTable {
  org_id: number;
  id: Generated<number>;
  /** relative_id is the <kind> of person_id (e.g. kind 'father': relative_id is person_id's father). */
  person_id: number;
  relative_id: number;
  kind: string;
  created_at: string;
}

export interface NodeTypeTable {
  org_id: number;
  id: Generated<number>;
  key: string;
  /** JSON: language → singular name. */
  singular: string;
  /** JSON: language → plural name. */
  plural: string;
}

export interface NodeTable {
  org_id: number;
  id: Generated<number>;
  parent_id: number | null;
  type_id: number;
  name: string;
  position: number;
  created_at: string;
}

export interface MembershipTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  person_id: number;
  role: string;
  enrollment_status: string | null;
  outcome: string | null;
  school_year: string | null;
  created_at: string;
}

export interface RouteStopTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  position: number;
  name: string;
  lat: number;
  lng: number;
  /** Planned time of day at the stop ('HH:MM', school time zone), or null. */
  scheduled_time: string | null;
}

export interface DeviceTable {
  org_id: number;
  id: Generated<number>;
  person_id: number;
  uuid: string;
  token: string;
  platform: string;
  model: string;
  created_at: string;
  updated_at: string;
}

export interface LoginTokenTable {
  org_id: number;
  id: Generated<number>;
  person_id: number;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_by: number;
  created_at: string;
  /** What the link is for (migration 011). */
  purpose: Generated<LoginTokenPurpose>;
}

export interface I18nOverrideTable {
  org_id: number;
  lang: string;
  key: string;
  text: string;
}

export interface SeedStepTable {
  org_id: number;
  step: string;
  done_at: string;
}

/** The durable job queue (migration 009; platform/jobs): a platform table, org_id only scopes the admin list. */
export interface JobTable {
  id: Generated<number>;
  org_id: number | null;
  kind: string;
  /** JSON; '{}' once the job is done (payloads may carry one-time links). */
  payload: string;
  /** Short description safe to show administrators. */
  summary: Generated<string>;
  /** Idempotency key: a second enqueue with the same key is a no-op. */
  key: string | null;
  state: 'queued' | 'running' | 'done' | 'dead';
  attempts: Generated<number>;
  max_attempts: number;
  run_at: string;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface DB extends ImportRegistrationTables, InvitationTables, PostTables, BlockTables, CalendarTables, NotificationTables, TransportTables, NoticeTables, BillingTables, SsoTables, AttendanceTables, SessionTables, ClassroomTables, ClassroomNoticeTables, DashboardTables, ActivityTables {
  orgs: OrgTable;
  people: PersonTable;
  relationships: RelationshipTable;
  node_types: NodeTypeTable;
  nodes: NodeTable;
  memberships: MembershipTable;
  route_stops: RouteStopTable;
  devices: DeviceTable;
  login_tokens: LoginTokenTable;
  i18n_overrides: I18nOverrideTable;
  seed_steps: SeedStepTable;
  jobs: JobTable;
}
