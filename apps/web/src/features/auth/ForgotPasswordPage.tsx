import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import classes from '../../ui/PublicLayout.module.css';
import { LinkShell } from './LinkShell';
import linkClasses from './linkScreens.module.css';
import { LoginField } from './LoginField';
import { useMailedLinkRequest } from './useMailedLinkRequest';

/**
 * /forgot-password: a username or email in, a mailed link out. The answer is the same whether or not
 * an account matches (the server never says), so the screen always says "check your email".
 */
export const ForgotPasswordPage = withDirectoryTerms(function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { login, setLogin, error, failure, busy, sent, onSubmit } = useMailedLinkRequest('password-resets', t('passwordReset.loginRequired'));

  const backToLogin = (
    <div className={linkClasses.links}>
      <Link to="/login" className={linkClasses.link}>{t('passwordReset.backToLogin')}</Link>
    </div>
  );
  if (sent) {
    return (
      <LinkShell title={t('passwordReset.sentTitle')}>
        <div className={linkClasses.sent}>
          <Notice>{t('passwordReset.sent')}</Notice>
        </div>
        {backToLogin}
      </LinkShell>
    );
  }
  return (
    <LinkShell title={t('passwordReset.forgotTitle')}>
      <p className={classes.intro}>{t('passwordReset.forgotIntro')}</p>
      <form className={classes.form} onSubmit={onSubmit} noValidate>
        <LoginField label={t('passwordReset.login')} value={login} onChange={setLogin} error={error} />
        {failure && <Notice tone="error">{failure}</Notice>}
        <Button type="submit" loading={busy} fullWidth>
          {t('passwordReset.send')}
        </Button>
      </form>
      {backToLogin}
    </LinkShell>
  );
});
