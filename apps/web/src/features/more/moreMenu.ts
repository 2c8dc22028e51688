import {
  IconArchive,
  IconBell,
  IconBus,
  IconCash,
  IconChalkboard,
  IconChecklist,
  IconEyeOff,
  IconHierarchy2,
  IconId,
  IconMapPin,
  IconMoodKid,
  IconPencil,
  IconSend,
  IconServerBolt,
  IconSettings,
  IconTags,
  IconTrash,
  IconUserCheck,
  type Icon,
} from '@tabler/icons-react';

export interface MoreEntry {
  /** Key under `screens.` for the label. */
  screen: string;
  path: string;
  icon: Icon;
  /** Asked of POST allowed before showing (staff-only areas); others always show. */
  checkAccess?: boolean;
  /** Shown only to a person with children (their profile lists a son, daughter, ward…). */
  needsChildren?: boolean;
}

export interface MoreSection {
  title: 'more.messages' | 'more.school' | 'more.account';
  entries: MoreEntry[];
}

/** The More menu; `{uid}` stands for the signed-in person's id. */
export const moreSections: MoreSection[] = [
  {
    title: 'more.messages',
    entries: [
      { screen: 'compose', path: '/compose', icon: IconPencil },
      { screen: 'sent', path: '/sent', icon: IconSend },
      { screen: 'archive', path: '/archive', icon: IconArchive },
      { screen: 'trash', path: '/trash', icon: IconTrash },
      { screen: 'hidden', path: '/hidden', icon: IconEyeOff },
    ],
  },
  {
    title: 'more.school',
    entries: [
      { screen: 'classroom', path: '/classroom', icon: IconChalkboard },
      { screen: 'billing', path: '/billing/{uid}', icon: IconCash },
      { screen: 'transportRoutes', path: '/transport/routes', icon: IconBus },
      { screen: 'attendanceAdmin', path: '/attendance/admin', icon: IconChecklist, checkAccess: true },
      { screen: 'nodes', path: '/nodes', icon: IconHierarchy2, checkAccess: true },
      { screen: 'postTypes', path: '/post/types', icon: IconTags, checkAccess: true },
      { screen: 'geoTargets', path: '/geo/targets', icon: IconMapPin, checkAccess: true },
      { screen: 'registrations', path: '/registrations', icon: IconUserCheck, checkAccess: true },
      { screen: 'jobs', path: '/admin/jobs', icon: IconServerBolt, checkAccess: true },
    ],
  },
  {
    title: 'more.account',
    entries: [
      { screen: 'myProfile', path: '/person/{uid}', icon: IconId },
      { screen: 'myChildren', path: '/people/{uid}/children', icon: IconMoodKid, needsChildren: true },
      { screen: 'settings', path: '/settings', icon: IconSettings },
      { screen: 'notifications', path: '/settings/notifications', icon: IconBell },
    ],
  },
];
