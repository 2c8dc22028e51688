import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRegistrationInfo } from './useRegistrationInfo';
import classes from './registration.module.css';

/** On /login: "New family? Register" when the school lets families register themselves. */
export function RegisterLink() {
  const { t } = useTranslation();
  const info = useRegistrationInfo();
  if (info.state !== 'ready' || !info.info.enabled) return null;
  return (
    <p style={{ margin: 0, textAlign: 'center' }}>
      {t('registration.newFamily')} <Link to="/register" className={classes.link}>{t('registration.registerLink')}</Link>
    </p>
  );
}
