import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dictionaryLanguageOf } from '@patio/core/i18n/index';
import { describeError } from '../../app/api/describeError';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { useServices, useSessionState } from '../../app/services';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import classes from '../../ui/PublicLayout.module.css';
import { LinkShell } from './LinkShell';
import linkClasses from './linkScreens.module.css';
import { LoginField } from './LoginField';

/**
 * /forgot-password: a username or email in, a mailed link out. The answer is the same whether or not
 * an account matches (the server never says), so the screen always says "check your email".
 */
export const ForgotPasswordPage = withDirectoryTerms(function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const language = useSessionState((s) => s.language);
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setFailure(null);
    const typed = login.trim();
    setError(typed ? null : t('passwordReset.loginRequired'));
    if (!typed) return;
    setBusy(true);
    try {
      await api.post('password-resets', { login: typed, language: dictionaryLanguageOf(language) });
      setSent(true);
    } catch (caught) {
      setFailure(describeError(t, caught));
    } finally {
      setBusy(false);
    }
  }

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
      <form className={classes.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
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
