import type { KeyboardEvent } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { declaredTab } from '../routeHandle';
import { useSessionState } from '../services';
import { useSignedInId } from '../session/useSignedInId';
import { activeTabOf, deckTabs } from './deckTabs';
import { UserMenu } from './UserMenu';
import { InboxBadge } from '../../features/threads/InboxBadge';
import { AppBadgeSync } from '../../features/notifications/AppBadgeSync';
import classes from './DeckShell.module.css';

const NEXT_KEYS = ['ArrowRight', 'ArrowDown'];
const PREVIOUS_KEYS = ['ArrowLeft', 'ArrowUp'];

/** Moves focus among the tabs with the arrow keys, Home and End (Tab still leaves the bar). */
function handleArrowKeys(event: KeyboardEvent<HTMLUListElement>): void {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')];
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (index < 0) return;
  let next: number;
  if (NEXT_KEYS.includes(event.key)) next = (index + 1) % links.length;
  else if (PREVIOUS_KEYS.includes(event.key)) next = (index - 1 + links.length) % links.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = links.length - 1;
  else return;
  event.preventDefault();
  links[next].focus();
}

/** Highlights, Inbox, Calendar, Contacts, More: bottom bar on phones, side bar on wide screens (with who is signed in). */
export function DeckNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const school = useSessionState((s) => s.school);
  // The school's settings, once loaded, are newer than the directory entry kept since /code.
  const settings = useSessionState((s) => s.settings);
  const logo = settings ? settings.logo : (school?.logo ?? null);
  const title = settings?.title ?? school?.title;
  const signedInId = useSignedInId();
  const matches = useMatches();
  const active = activeTabOf(pathname, signedInId, declaredTab(matches));

  return (
    <nav className={classes.nav} aria-label={t('shell.mainNavigation')}>
      <div className={classes.brand}>
        {logo ? <img src={logo} alt="" className={classes.brandLogo} data-testid="app-bar-logo" /> : <span className={classes.brandMark} aria-hidden="true">P</span>}
        <span className={classes.brandTitle}>{title ?? t('common.appName')}</span>
      </div>
      <ul className={classes.tabs} onKeyDown={handleArrowKeys}>
        {deckTabs.map(({ key, to, icon: TabIcon }) => (
          <li key={key}>
            <Link to={to} className={classes.tab} aria-current={active === key ? 'page' : undefined}>
              <TabIcon size={24} stroke={1.8} aria-hidden="true" />
              <span>{t(`nav.${key}`)}</span>
              {key === 'inbox' && <InboxBadge />}
            </Link>
          </li>
        ))}
      </ul>
      <UserMenu />
      <AppBadgeSync />
    </nav>
  );
}
