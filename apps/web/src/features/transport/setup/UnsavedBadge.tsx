import { useTranslation } from 'react-i18next';
import classes from './routeSetup.module.css';

/** Beside a section's title while it holds changes its Save has not sent. */
export function UnsavedBadge() {
  const { t } = useTranslation();
  return (
    <span className={classes.unsavedTag}>{t('transport.setup.unsaved')}</span>
  );
}
