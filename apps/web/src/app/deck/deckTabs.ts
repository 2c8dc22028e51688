import { IconCalendar, IconDots, IconInbox, IconLayoutDashboard, IconUsers, type Icon } from '@tabler/icons-react';

export interface DeckTab {
  key: 'highlights' | 'inbox' | 'calendar' | 'contacts' | 'more';
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

/** The tab a path belongs to; everything not claimed by the first four sits under More. */
export function activeTabOf(pathname: string): DeckTab['key'] {
  const owns = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return deckTabs.find((tab) => tab.prefixes.some(owns))?.key ?? 'more';
}
