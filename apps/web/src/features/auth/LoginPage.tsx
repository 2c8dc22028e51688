import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api/ApiError';
import { REGISTRATION_STATUS_PATH, safeNextPath } from '../../app/guard';
import { useServices, useSessionState } from '../../app/services';
import { isSignedIn } from '../../app/session/sessionStore';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { Brand } from '../../ui/Brand';
import { describeError } from '../../app/api/describeError';
import { RegisterLink } from '../registration';
import { ProviderButtons } from './ProviderButtons';
import { PublicLayout } from '../../ui/PublicLayout';
import classes from '../../ui/PublicLayout.module.css';
import { completeSignIn, requestPasswordToken } from './signIn';
import { SignInLinkDialog } from './SignInLinkDialog';
import { useLinkSignIn } from './useLinkSignIn';
import { useSchoolSettings } from './useSchoolSettings';
import linkClasses from './linkScreens.module.css';

/** What the sign-in form says about a refused password sign-in. */
function signInErrorText(t: TFunction, caught: unknown): string {
  if (!(caught instanceof ApiError)) return describeError(t, caught);
  if (caught.status === 401) return t('login.invalidCredentials');
  // A production server refuses the public demo password until the person chooses a new one.
  if (caught.status === 403 && caught.code === 'demo_password') return t('login.demoPassword');
  return describeError(t, caught);
}

/** /login: username and password, sign-in by link (opened or asked for by mail), and the providers the school configured (spec §1, §2). */
export function LoginPage() {
  const { t } = useTranslation();
  const services = useServices();
  const { api, session } = services;
  const navigate = useNavigate();
  // Set by the registration status screen when the school turned the family down.
  const isRegistrationNotApproved = (useLocation().state as { notice?: string } | null)?.notice === 'registrationNotApproved';
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const school = useSessionState((s) => s.school);
  const signedIn = useSessionState((s) => isSignedIn(s));
  const settings = useSchoolSettings();
  const link = useLinkSignIn(params.get('school'), params.get('token'));
  // Where the school allows it, an email address signs in as well as a username.
  const acceptsEmail = settings?.signInByEmail === true;

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [isAskingLink, setAskingLink] = useState(false);

  if (link.state === 'done' || (signedIn && link.state === 'idle' && !busy)) return <Navigate to={next} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const errors = {
      username: username.trim() ? undefined : t(acceptsEmail ? 'signInHelp.usernameOrEmailRequired' : 'login.usernameRequired'),
      password: password ? undefined : t('login.passwordRequired'),
    };
    setFieldErrors(errors);
    setError(null);
    if (errors.username || errors.password) return;
    setBusy(true);
    try {
      const answer = await requestPasswordToken(api, username.trim(), password);
      const outcome = await completeSignIn(services, answer.access_token);
      await navigate(outcome === 'registrationPending' ? REGISTRATION_STATUS_PATH : next, { replace: true });
    } catch (caught) {
      setError(signInErrorText(t, caught));
      setBusy(false);
    }
  }

  function handleChangeSchool(): void {
    session.reset();
    void navigate('/code');
  }

  const title = settings?.title ?? school?.title ?? t('common.appName');
  // The school's settings, once loaded, are newer than the directory entry kept since /code.
  const logo = settings ? settings.logo : (school?.logo ?? null);
  const offersLink = settings?.signInLink !== false;

  return (
    <PublicLayout color={settings?.color} brand={<Brand name={title} logo={logo} logoAlt={t('login.schoolLogo', { school: title })} />}>
      <h1>{t('login.title')}</h1>
      {isRegistrationNotApproved && <Notice tone="error">{t('login.registrationNotApproved')}</Notice>}
      {link.state === 'working' && (
        <div className={classes.status} role="status">
          <Spinner size={22} />
          <span>{t('login.signingInWithLink')}</span>
        </div>
      )}
      {link.state === 'failed' && <Notice tone="error">{link.message}</Notice>}
      {link.state !== 'working' && (
        <form className={classes.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
          <TextField
            label={acceptsEmail ? t('signInHelp.usernameOrEmail') : t('login.username')}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            error={fieldErrors.username}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            required
          />
          <TextField
            type="password"
            label={t('login.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldErrors.password}
            autoComplete="current-password"
            showPasswordLabel={t('login.showPassword')}
            hidePasswordLabel={t('login.hidePassword')}
            required
          />
          {error && <Notice tone="error">{error}</Notice>}
          <Button type="submit" loading={busy} fullWidth>
            {t('login.submit')}
          </Button>
          <div className={linkClasses.links}>
            <Link to="/forgot-password" className={linkClasses.link}>
              {t('signInHelp.forgotPassword')}
            </Link>
            {offersLink && (
              <button type="button" className={`${linkClasses.link} ${linkClasses.textButton}`} onClick={() => setAskingLink(true)}>
                {t('mailedSignIn.open')}
              </button>
            )}
          </div>
        </form>
      )}
      {isAskingLink && <SignInLinkDialog initialLogin={username.trim()} onClose={() => setAskingLink(false)} />}
      {settings?.signIn && <ProviderButtons providers={settings.signIn} next={next} />}
      <RegisterLink />
      <Button variant="subtle" onClick={handleChangeSchool}>
        {t('login.changeSchool')}
      </Button>
    </PublicLayout>
  );
}
