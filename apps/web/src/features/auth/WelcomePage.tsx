import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registrationPasswordInputs } from '@patio/core/registration/validateRegistration';
import type { SignedInWithUsername, Welcome } from '@patio/core/schemas/invitations';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { REGISTRATION_STATUS_PATH } from '../../app/guard';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { useServices } from '../../app/services';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import classes from '../../ui/PublicLayout.module.css';
import { DeadLinkScreen } from './DeadLinkScreen';
import { LinkShell } from './LinkShell';
import linkClasses from './linkScreens.module.css';
import { NewPasswordForm } from './NewPasswordForm';
import { completeSignIn } from './signIn';
import { useLinkSchool } from './useLinkSchool';

type Opened = { state: 'opening' } | { state: 'open'; welcome: Welcome } | { state: 'invalid' } | { state: 'failed'; message: string };

const isDeadLink = (error: unknown) => error instanceof ApiError && error.status === 400 && error.code === 'invalid_invitation_token';

/**
 * /welcome?school=&token=: the link of an invitation mail. Greets the person by name, shows the
 * username they sign in with, and sets their first password (or, when they have one, just signs them
 * in); then they are signed in and taken home.
 */
export const WelcomePage = withDirectoryTerms(function WelcomePage() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const school = useLinkSchool(params.get('school'));
  const [opened, setOpened] = useState<Opened>({ state: 'opening' });
  const [signingIn, setSigningIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (school.state !== 'ready' || started.current) return;
    started.current = true;
    if (!token) return setOpened({ state: 'invalid' });
    services.api
      .post<Welcome>('invitations/welcome', { token })
      .then((welcome) => setOpened({ state: 'open', welcome }))
      .catch((error: unknown) => setOpened(error instanceof ApiError && error.status === 400 ? { state: 'invalid' } : { state: 'failed', message: describeError(t, error) }));
  }, [school.state, services.api, token, t]);

  async function accept(password?: string): Promise<void> {
    try {
      const answer = await services.api.post<SignedInWithUsername>('invitations/welcome/accept', password === undefined ? { token } : { token, password });
      const outcome = await completeSignIn(services, answer.access_token);
      await navigate(outcome === 'registrationPending' ? REGISTRATION_STATUS_PATH : '/highlights', { replace: true });
    } catch (error) {
      if (isDeadLink(error)) setOpened({ state: 'invalid' });
      else throw error;
    }
  }

  async function handleSignIn(): Promise<void> {
    setSigningIn(true);
    setFailure(null);
    await accept().catch((error: unknown) => {
      setFailure(describeError(t, error));
      setSigningIn(false);
    });
  }

  const title = t('welcome.title');
  if (school.state === 'unknown') return <LinkShell title={title}><Notice tone="error">{t('login.unknownSchool', { code: params.get('school') })}</Notice></LinkShell>;
  if (school.state === 'failed') return <LinkShell title={title}><Notice tone="error">{describeError(t, school.error)}</Notice></LinkShell>;
  if (opened.state === 'opening') return <LinkShell title={title} working workingText={t('welcome.opening')} />;
  if (opened.state === 'failed') return <LinkShell title={title}><Notice tone="error">{opened.message}</Notice></LinkShell>;
  if (opened.state === 'invalid') return <DeadLinkScreen title={title} message={t('welcome.invalid')} ways={[{ to: '/forgot-password', label: t('signInHelp.forgotPassword') }, { to: '/login', label: t('welcome.goToLogin') }]} />;

  const { welcome } = opened;
  const userInputs = [...registrationPasswordInputs(welcome, welcome.email ?? ''), welcome.username];
  return (
    <LinkShell title={title}>
      <p className={classes.intro}>{t('welcome.greeting', { name: welcome.firstName, school: welcome.school })}</p>
      <dl className={linkClasses.facts}>
        <dt>{t('welcome.username')}</dt>
        <dd>{welcome.username}</dd>
      </dl>
      {welcome.hasPassword ? (
        <>
          <p className={classes.intro}>{t('welcome.hasPassword')}</p>
          {failure && <Notice tone="error">{failure}</Notice>}
          <Button onClick={() => void handleSignIn()} loading={signingIn} fullWidth>
            {t('welcome.signIn')}
          </Button>
        </>
      ) : (
        <>
          <p className={classes.intro}>{t('welcome.choosePassword')}</p>
          <NewPasswordForm
            userInputs={userInputs}
            passwordLabel={t('welcome.password')}
            confirmationLabel={t('welcome.passwordConfirmation')}
            submitLabel={t('welcome.submit')}
            onSubmit={accept}
          />
        </>
      )}
    </LinkShell>
  );
});
