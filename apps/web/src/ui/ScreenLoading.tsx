import { useTranslation } from 'react-i18next';
import classes from './ScreenLoading.module.css';

/**
 * What a whole screen shows while its code is still on the way (the deck after signing in, a first
 * visit on a slow phone): never an empty page. Free of the component library, which may be what is
 * loading.
 */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className={classes.root} role="status">
      <span className={classes.ring} aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
