import {
  IconAdjustmentsHorizontal,
  IconArchive,
  IconBallFootball,
  IconBell,
  IconBus,
  IconCash,
  IconChecklist,
  IconEyeOff,
  IconHierarchy2,
  IconId,
  IconMailForward,
  IconMapPin,
  IconMoodKid,
  IconPencil,
  IconReportMoney,
  IconSchool,
  IconSend,
  IconServerBolt,
  IconSettings,
  IconTags,
  IconTrash,
  IconUser,
  IconUserCheck,
  type Icon,
} from '@tabler/icons-react';

export interface MoreEntry {
  /** Key under `screens.` for the label. */
  screen: string;
  /** The label's full dictionary key, where it is not `screens.<screen>`. */
  label?: string;
  path: string;
  icon: Icon;
  /** Asked of POST allowed before showing (staff-only areas); others always show. */
  checkAccess?: boolean;
  /** The API path POST allowed is asked about, where the screen's path names no endpoint. */
  allowedPath?: string;
  /** Shown only to a person with children (their profile lists a son, daughter, ward…). */
  needsChildren?: boolean;
  /** Shown only to those with a school ID card to show: students, and relatives for their children (issue 36 §3). */
  needsIdCard?: boolean;
  /** Shown only to staff and to those who see a bus route (issue 13: families of riders), or who drive one ('crew'). */
  needsTransport?: 'routes' | 'crew';
  /** Shown to those who teach a group even when POST allowed says no. */
  alsoForTeachers?: boolean;
  /** Shown only where the school hides a post type from lists (spec §3): otherwise the screen is always empty. */
  needsHiddenTypes?: boolean;
  /**
   * A number beside the label, for those who may open the entry (how many wait for them): families
   * waiting for a decision, a teacher's turn-ins to review, unread hidden messages.
   */
  badge?: 'pendingRegistrations' | 'toReview' | 'hiddenUnread';
}

export interface MoreSection {
  title: 'more.messages' | 'more.school' | 'more.account';
  entries: MoreEntry[];
}

/**
 * The More menu; `{uid}` stands for the signed-in person's id. Only built screens are listed: an entry
 * leading to the "not available yet" page promises what does not exist. The launcher (/launcher) shows
 * these same entries, with the bottom tabs, through useOpenModules.
 */
export const moreSections: MoreSection[] = [
  {
    title: 'more.messages',
    entries: [
      { screen: 'compose', path: '/compose', icon: IconPencil },
      { screen: 'sent', path: '/sent', icon: IconSend },
      { screen: 'archive', path: '/archive', icon: IconArchive },
      { screen: 'trash', path: '/trash', icon: IconTrash },
      // Issue 36 §3: the threads of the post types the school hides from the inbox.
      { screen: 'hidden', path: '/hidden', icon: IconEyeOff, needsHiddenTypes: true, badge: 'hiddenUnread' },
    ],
  },
  {
    title: 'more.school',
    entries: [
      // Issue 36 §1: the admin tab. GET admin/jobs answers administrators only, as the tab does.
      { screen: 'admin', path: '/admin', allowedPath: 'admin/jobs', icon: IconAdjustmentsHorizontal, checkAccess: true },
      // Issue 35: a student's and a family's classes; a teacher lands on teaching from there.
      { screen: 'classroom', path: '/classroom', icon: IconSchool, badge: 'toReview' },
      // Issue 37 §2: the term's extracurricular activities; families request places there.
      { screen: 'extracurricular', path: '/activities', icon: IconBallFootball },
      { screen: 'billing', path: '/billing/{uid}', icon: IconCash },
      // Treasury tools: POST allowed answers for billing staff (administrators and school-wide employees).
      { screen: 'billingAdmin', path: '/billing/admin', allowedPath: 'billing/debtors', icon: IconReportMoney, checkAccess: true },
      { screen: 'transportRoutes', path: '/transport/routes', icon: IconBus, needsTransport: 'routes' },
      // Issue 15: staff who may see the school's day, and every teacher (their groups' rolls are there).
      { screen: 'attendanceAdmin', path: '/attendance/admin', allowedPath: 'attendance/day', icon: IconChecklist, checkAccess: true, alsoForTeachers: true },
      // GET nodes answers staff and drivers (their own groups), never families or students (issue 8).
      { screen: 'nodes', path: '/nodes', icon: IconHierarchy2, checkAccess: true },
      // POST allowed knows API paths: the editor is for those PUT post-types lets through (administrators).
      { screen: 'postTypes', path: '/post/types', allowedPath: 'PUT post-types/message', icon: IconTags, checkAccess: true },
      // Every member may list the trackers they see: those of the buses they drive matter to them.
      { screen: 'geoTargets', path: '/geo/targets', icon: IconMapPin, needsTransport: 'crew' },
      { screen: 'registrations', path: '/registrations', icon: IconUserCheck, checkAccess: true, badge: 'pendingRegistrations' },
      { screen: 'invitations', label: 'moreMenu.invitations', path: '/admin/invitations', allowedPath: 'invitations', icon: IconMailForward, checkAccess: true },
      { screen: 'jobs', path: '/admin/jobs', icon: IconServerBolt, checkAccess: true },
    ],
  },
  {
    title: 'more.account',
    entries: [
      { screen: 'myProfile', path: '/person/{uid}/profile', icon: IconUser },
      { screen: 'id', path: '/id', icon: IconId, needsIdCard: true },
      { screen: 'myChildren', path: '/people/{uid}/children', icon: IconMoodKid, needsChildren: true },
      { screen: 'settings', path: '/settings', icon: IconSettings },
      { screen: 'notifications', path: '/settings/notifications', icon: IconBell },
    ],
  },
];
