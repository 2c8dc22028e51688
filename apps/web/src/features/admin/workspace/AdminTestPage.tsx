import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconCalendar, IconCalendarEvent, IconChevronRight, IconMessage2, type Icon } from '@tabler/icons-react';
import { PageShell } from '../../../ui/PageShell';
import { withAdminWorkspaceTerms } from './withAdminWorkspaceTerms';
import classes from './adminWorkspace.module.css';

interface TestScreen {
  path: string;
  screen: 'testCalendar' | 'testPopups' | 'testDatepicker';
  description: 'calendar' | 'popups' | 'datepicker';
  icon: Icon;
}

const testScreens: TestScreen[] = [
  { path: '/test/calendar', screen: 'testCalendar', description: 'calendar', icon: IconCalendar },
  { path: '/test/popups', screen: 'testPopups', description: 'popups', icon: IconMessage2 },
  { path: '/test/datepicker', screen: 'testDatepicker', description: 'datepicker', icon: IconCalendarEvent },
];

/** Administración › Contenidos › Test: the screens that try out Patio's components. */
function AdminTest() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('screens.adminTest')}>
      <div className={classes.page}>
        <p className={classes.intro}>{t('adminWorkspace.test.intro')}</p>
        <ul className={classes.cards}>
          {testScreens.map(({ path, screen, description, icon: ScreenIcon }) => (
            <li key={path}>
              <Link to={path} className={classes.card}>
                <ScreenIcon size={24} aria-hidden="true" />
                <span className={classes.cardText}>
                  <span className={classes.cardTitle}>{t(`screens.${screen}`)}</span>
                  <span className={classes.cardBody}>{t(`adminWorkspace.test.${description}`)}</span>
                </span>
                <IconChevronRight size={18} aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </PageShell>
  );
}

export const AdminTestPage = withAdminWorkspaceTerms(AdminTest);
