import { IconCalendar, IconDots, IconInbox, IconLayoutDashboard, IconUsers, type Icon } from '@tabler/icons-react';
import type { RouteHandle, TabKey } from '../routeHandle';

export interface DeckTab {
  key: TabKey;
  to: string;
  /** Paths that belong to this tab. */
  prefixes: string[];
  icon: Icon;
}

/** The five navigation entries of spec §2, in order. */
export const deckTabs: DeckTab[] = [
  { key: 'highlights', to: '/highlights', prefixes: ['/highlights'], icon: IconLayoutDashboard },
  { key: 'inbox', to: '/inbox', prefixes: ['/inbox', '/threads', '/archive', '/trash', '/sent', '/compose', '/hidden'], icon: IconInbox },
  { key: 'calendar', to: '/calendar', prefixes: ['/calendar'], icon: IconCalendar },
  { key: 'contacts', to: '/people', prefixes: ['/people', '/person'], icon: IconUsers },
  { key: 'more', to: '/more', prefixes: [], icon: IconDots },
];

/**
 * Screens of one's own that More opens (More › My profile, My children) and a person's classroom
 * (More › Classroom): they sit under /people or /person but do not belong to Contacts.
 */
function isUnderMore(path: string, signedInId: number | null): boolean {
  if (/^\/people\/[^/]+\/classroom(\/|$)/.test(path)) return true;
  if (signedInId === null) return false;
  return path === `/person/${signedInId}` || path.startsWith(`/person/${signedInId}/`) || path === `/people/${signedInId}/children`;
}

/**
 * The tab a screen belongs to: what its route declares ('none' on the not-found page), else by its
 * path; everything not claimed by the first four sits under More.
 */
export function activeTabOf(pathname: string, signedInId: number | null = null, declared?: RouteHandle['tab']): TabKey | null {
  if (declared === 'none') return null;
  if (declared) return declared;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (isUnderMore(path, signedInId)) return 'more';
  const owns = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  return deckTabs.find((tab) => tab.prefixes.some(owns))?.key ?? 'more';
}
