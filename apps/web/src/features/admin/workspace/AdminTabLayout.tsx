import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { ApiError } from '../../../app/api/ApiError';
import { RefusalMessage } from '../../../app/RefusalMessage';
import { useSessionState } from '../../../app/services';
import { isAdministrator } from '../../../app/workspace/workspaceViewer';
import { ScreenLoading } from '../../../ui/ScreenLoading';
import { withAdminWorkspaceTerms } from './withAdminWorkspaceTerms';
import classes from './adminWorkspace.module.css';

// What the server answers a non-administrator on the administrators' endpoints, shown without asking.
const NOT_AN_ADMINISTRATOR = new ApiError(403, { error: 'forbidden' }, 'admin');

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${classes.link} ${classes.active}` : classes.link);

/** Inicio, Extraescolares, and Contenidos with Dashboards and Test: a side menu on desktop, a scroller on phones. */
function AdminMenu() {
  const { t } = useTranslation();
  return (
    <nav className={classes.menu} aria-label={t('adminWorkspace.menu')}>
      <ul className={classes.items}>
        <li>
          <NavLink to="/admin" end className={linkClass}>
            {t('screens.adminHome')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/extracurricular" className={linkClass}>
            {t('screens.extracurricular')}
          </NavLink>
        </li>
        <li className={classes.group}>
          <span className={classes.groupTitle} id="admin-menu-contents">
            {t('adminWorkspace.contents')}
          </span>
          <ul className={classes.items} aria-labelledby="admin-menu-contents">
            <li>
              <NavLink to="/admin/dashboards" className={linkClass}>
                {t('screens.dashboards')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/test" className={linkClass}>
                {t('screens.adminTest')}
              </NavLink>
            </li>
          </ul>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The admin tab's frame (issue 36 §1): its header and menu around the screen chosen. Only
 * administrators: anyone else who reaches /admin gets the refusal every administrators' screen gives.
 */
function AdminTabFrame() {
  const { t } = useTranslation();
  const user = useSessionState((s) => s.user);
  // A reload restores the person a moment after the screen opens.
  if (!user) return <ScreenLoading />;
  if (!isAdministrator(user)) return <RefusalMessage error={NOT_AN_ADMINISTRATOR} resource="admin" />;
  return (
    <div className={classes.frame}>
      <div className={classes.side}>
        <p className={classes.header}>
          <IconAdjustmentsHorizontal size={20} aria-hidden="true" />
          <span>{t('workspace.admin')}</span>
        </p>
        <AdminMenu />
      </div>
      <div className={classes.content}>
        <Outlet />
      </div>
    </div>
  );
}

export const AdminTabLayout = withAdminWorkspaceTerms(AdminTabFrame);
