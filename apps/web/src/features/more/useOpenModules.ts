import type { Icon } from '@tabler/icons-react';
import { hasChildrenAmong } from '@patio/core/people/relationshipKinds';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { deckTabs } from '../../app/deck/deckTabs';
import { useSessionState } from '../../app/services';
import { teachingGroupsOf } from '../attendance';
import { useHiddenTypes } from '../posts';
import { useTransportAccess } from '../transport';
import { moreSections, type MoreEntry, type MoreSection } from './moreMenu';

/** The count beside a module: those of More, and the Inbox tab's unread threads. */
export type ModuleBadgeKind = NonNullable<MoreEntry['badge']> | 'inboxUnread';

/** A screen the signed-in person may open, as More and the launcher show it. */
export interface OpenModule {
  /** Stable and unique: the tab's key or the More entry's screen. */
  key: string;
  /** Dictionary key of its name. */
  label: string;
  /** Its address, the person's id filled in. */
  path: string;
  icon: Icon;
  badge?: ModuleBadgeKind;
}

export interface OpenModules {
  /** The bottom tabs before More (spec §2 navigation): everyone has them. */
  tabs: OpenModule[];
  /** More's sections with the entries this person may open; a section with none is left out. */
  sections: Array<{ title: MoreSection['title']; modules: OpenModule[] }>;
}

/**
 * Every module the signed-in person may open: the deck's tabs and the More menu filtered by the same
 * rules everywhere (POST allowed for staff areas, children, transport, teaching, hidden post types).
 * More and the launcher both read this, so a new entry of More or a new tab appears in both.
 */
export function useOpenModules(): OpenModules {
  const uid = useSessionState((s) => s.user?.id ?? null);
  // The signed-in user is their own GET people/{uid}, which lists their relatives.
  const hasChildren = useSessionState((s) => hasChildrenAmong(s.user?.relatives));
  const isTeacher = useSessionState((s) => teachingGroupsOf(s.user).length > 0);
  const isStudent = useSessionState((s) => (s.user?.roles ?? []).includes('student'));
  const transport = useTransportAccess();
  const hasHiddenTypes = (useHiddenTypes()?.length ?? 0) > 0;
  const pathOf = (entry: MoreEntry) => entry.path.replace('{uid}', String(uid ?? ''));
  const allowedPathOf = (entry: MoreEntry) => entry.allowedPath ?? pathOf(entry);
  const allowed = useAllowedPaths(moreSections.flatMap((s) => s.entries.filter((e) => e.checkAccess).map(allowedPathOf)));

  // Staff-only entries appear once the server says they may be opened.
  const isOpen = (entry: MoreEntry) =>
    (!entry.checkAccess || allowed?.[allowedPathOf(entry)] === true || (entry.alsoForTeachers === true && isTeacher)) &&
    (!entry.needsChildren || hasChildren) &&
    (!entry.needsIdCard || isStudent || hasChildren) &&
    (entry.needsTransport !== 'routes' || transport.seesRoutes) &&
    (entry.needsTransport !== 'crew' || transport.isCrew) &&
    (!entry.needsHiddenTypes || hasHiddenTypes) &&
    (!entry.path.includes('{uid}') || uid !== null);

  const tabs = deckTabs
    .filter((tab) => tab.key !== 'more')
    .map((tab): OpenModule => ({ key: tab.key, label: `nav.${tab.key}`, path: tab.to, icon: tab.icon, ...(tab.key === 'inbox' ? { badge: 'inboxUnread' as const } : {}) }));
  const sections = moreSections
    .map((section) => ({
      title: section.title,
      modules: section.entries.filter(isOpen).map(
        (entry): OpenModule => ({ key: entry.screen, label: entry.label ?? `screens.${entry.screen}`, path: pathOf(entry), icon: entry.icon, ...(entry.badge ? { badge: entry.badge } : {}) }),
      ),
    }))
    .filter((section) => section.modules.length > 0);
  return { tabs, sections };
}
