import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../ui/PageShell';
import { MoreBadge, useOpenModules } from '../more';
import classes from './launcher.module.css';

/**
 * /launcher (issue 36 §3): every module the person may open as a grid of large tiles, each with the
 * count of what waits there. The modules are the deck's tabs and More's entries (useOpenModules), so
 * the launcher never offers a screen More would not.
 */
export function LauncherPage() {
  const { t } = useTranslation();
  const { tabs, sections } = useOpenModules();
  const modules = [...tabs, ...sections.flatMap((section) => section.modules)];

  return (
    <PageShell title={t('screens.launcher')}>
      <nav aria-label={t('launcher.label')}>
        <ul className={classes.grid}>
          {modules.map((module) => (
            <li key={module.key}>
              <Link to={module.path} className={classes.tile}>
                <span className={classes.icon} aria-hidden="true">
                  <module.icon size={30} stroke={1.6} />
                </span>
                <span className={classes.label}>{t(module.label)}</span>
                {module.badge && <MoreBadge kind={module.badge} className={classes.badge} />}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageShell>
  );
}
