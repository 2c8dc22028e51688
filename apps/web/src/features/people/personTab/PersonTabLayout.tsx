import { NavLink, Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconCalendar, IconId, IconLayoutDashboard, IconMessages, IconSpeakerphone, IconStar, type Icon } from '@tabler/icons-react';
import { useAllowedPaths } from '../../../app/access/useAllowedPaths';
import { useGoBack } from '../../../app/back/useGoBack';
import { withDirectoryTerms } from '../../../app/i18n/withDirectoryTerms';
import { withPersonTabTerms } from '../../../app/i18n/withPersonTabTerms';
import { RefusalMessage } from '../../../app/RefusalMessage';
import { personTabId, useWorkspaceTabTitle } from '../../../app/workspace';
import { PageShell } from '../../../ui/PageShell';
import { rolesLabel } from '../labels';
import { PersonAvatar } from '../PersonAvatar';
import { PersonPage } from '../PersonPage';
import { usePerson } from '../usePeople';
import { personCalendarApiPath } from './usePersonCalendar';
import { useViewerIsStaff } from './useViewerIsStaff';
import classes from './personTab.module.css';
import '../../../ui/mantineStyles';

interface MenuEntry {
  /** Below /person/{id}; '' is the Dashboard. */
  path: string;
  label: string;
  icon: Icon;
  /** The API path POST allowed is asked about: an entry the server says no to is hidden. */
  allowedPath?: (personId: number) => string;
}

const MENU: readonly MenuEntry[] = [
  { path: '', label: 'personTab.menu.dashboard', icon: IconLayoutDashboard },
  { path: 'announcements', label: 'personTab.menu.announcements', icon: IconSpeakerphone, allowedPath: (id) => `people/${id}/addressed` },
  { path: 'highlights', label: 'personTab.menu.highlights', icon: IconStar, allowedPath: (id) => `people/${id}/addressed` },
  { path: 'calendar', label: 'personTab.menu.calendar', icon: IconCalendar, allowedPath: personCalendarApiPath },
  { path: 'mail', label: 'personTab.menu.mail', icon: IconMessages },
  { path: 'profile', label: 'personTab.menu.profile', icon: IconId },
];

/** The tab's name and heading: first and last name, as the spec names a person's tab. */
function tabName(person: { firstName: string; lastName: string }): string {
  return [person.firstName, person.lastName].map((part) => part.trim()).filter(Boolean).join(' ');
}

/** The sections of the person's tab; an entry the server refuses is hidden, one it has not answered yet shows. */
function PersonMenu({ personId }: { personId: number }) {
  const { t } = useTranslation();
  const asked = [...new Set(MENU.flatMap((entry) => (entry.allowedPath ? [entry.allowedPath(personId)] : [])))];
  const allowed = useAllowedPaths(asked);
  const shown = MENU.filter((entry) => !entry.allowedPath || allowed?.[entry.allowedPath(personId)] !== false);
  return (
    <nav className={classes.menu} aria-label={t('personTab.menu.label')}>
      <ul className={classes.menuList}>
        {shown.map(({ path, label, icon: EntryIcon }) => (
          <li key={path}>
            <NavLink to={path ? `/person/${personId}/${path}` : `/person/${personId}`} end={path === ''} className={classes.menuLink}>
              <EntryIcon size={18} aria-hidden="true" />
              <span>{t(label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A staff viewer's tab of a person: who they are, the menu of their sections, then the open section. */
function StaffPersonTab({ personId }: { personId: number }) {
  const { t } = useTranslation();
  const goBack = useGoBack('/people');
  const person = usePerson(personId);
  const name = person.data ? tabName(person.data) || t('people.unnamed') : null;
  useWorkspaceTabTitle(personTabId(personId), name);

  let body;
  if (person.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (person.isError) body = <RefusalMessage error={person.error} onRetry={() => void person.refetch()} resource="person" />;
  else {
    const roles = rolesLabel(t, person.data.roles, person.data.isAdmin);
    body = (
      <>
        <div className={classes.header}>
          <PersonAvatar person={person.data} size={56} />
          <div className={classes.headerText}>
            <h2 className={classes.name}>{name}</h2>
            {roles && <p className={classes.roles}>{roles}</p>}
          </div>
        </div>
        <PersonMenu personId={personId} />
        <div className={classes.section}>
          <Outlet />
        </div>
      </>
    );
  }
  return (
    <PageShell title={name ?? t('screens.person')} onBack={goBack}>
      {body}
    </PageShell>
  );
}

/**
 * /person/{personId}: for staff, the person's tab of the workspace (issue 36 §1); for a family or a
 * student, the profile exactly as before, with no menu (the workspace is for staff).
 */
export const PersonTabLayout = withDirectoryTerms(
  withPersonTabTerms(function PersonTabLayout() {
    const { t } = useTranslation();
    const personId = Number(useParams().personId);
    const isStaff = useViewerIsStaff();
    if (isStaff === null) {
      return (
        <PageShell title={t('screens.person')}>
          <Loader role="status" size="sm" aria-label={t('common.loading')} />
        </PageShell>
      );
    }
    return isStaff ? <StaffPersonTab personId={personId} /> : <PersonPage />;
  }),
);
