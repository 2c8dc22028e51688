import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registrationPasswordInputs } from '@patio/core/registration/validateRegistration';
import type { PasswordResetInfo } from '@patio/core/schemas/passwordResets';
import type { SignedInWithUsername } from '@patio/core/schemas/invitations';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { REGISTRATION_STATUS_PATH } from '../../app/guard';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { useServices } from '../../app/services';
import { Notice } from '../../ui/Notice';
import classes from '../../ui/PublicLayout.module.css';
import { DeadLinkScreen } from './DeadLinkScreen';
import { LinkShell } from './LinkShell';
import { NewPasswordForm } from './NewPasswordForm';
import { completeSignIn } from './signIn';
import { useLinkSchool } from './useLinkSchool';

type Checked = { state: 'checking' } | { state: 'valid'; info: PasswordResetInfo } | { state: 'invalid' } | { state: 'failed'; message: string };

const isDeadLink = (error: unknown) => error instanceof ApiError && error.status === 400 && error.code !== 'invalid_password';

/**
 * /reset-password?school=&token=: the link of a password-reset mail. Says whose account it is, takes
 * a new password the policy accepts, then signs in and goes home.
 */
export const ResetPasswordPage = withDirectoryTerms(function ResetPasswordPage() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const school = useLinkSchool(params.get('school'));
  const [checked, setChecked] = useState<Checked>({ state: 'checking' });
  const started = useRef(false);

  useEffect(() => {
    if (school.state !== 'ready' || started.current) return;
    started.current = true;
    if (!token) return setChecked({ state: 'invalid' });
    services.api
      .post<PasswordResetInfo>('password-resets/check', { token })
      .then((info) => setChecked({ state: 'valid', info }))
      .catch((error: unknown) => setChecked(isDeadLink(error) ? { state: 'invalid' } : { state: 'failed', message: describeError(t, error) }));
  }, [school.state, services.api, token, t]);

  async function handleSubmit(password: string): Promise<void> {
    try {
      const answer = await services.api.post<SignedInWithUsername>('password-resets/complete', { token, password });
      const outcome = await completeSignIn(services, answer.access_token);
      await navigate(outcome === 'registrationPending' ? REGISTRATION_STATUS_PATH : '/highlights', { replace: true });
    } catch (error) {
      if (isDeadLink(error)) setChecked({ state: 'invalid' });
      else throw error;
    }
  }

  const title = t('passwordReset.resetTitle');
  if (school.state === 'unknown') return <LinkShell title={title}><Notice tone="error">{t('login.unknownSchool', { code: params.get('school') })}</Notice></LinkShell>;
  if (school.state === 'failed') return <LinkShell title={title}><Notice tone="error">{describeError(t, school.error)}</Notice></LinkShell>;
  if (checked.state === 'checking') return <LinkShell title={title} working workingText={t('passwordReset.checking')} />;
  if (checked.state === 'failed') return <LinkShell title={title}><Notice tone="error">{checked.message}</Notice></LinkShell>;
  if (checked.state === 'invalid') return <DeadLinkScreen title={title} message={t('passwordReset.invalid')} ways={[{ to: '/forgot-password', label: t('passwordReset.askAgain') }, { to: '/login', label: t('passwordReset.backToLogin') }]} />;

  const { info } = checked;
  return (
    <LinkShell title={title}>
      <p className={classes.intro}>{t('passwordReset.resetIntro', { name: info.firstName, username: info.username })}</p>
      <NewPasswordForm
        userInputs={[...registrationPasswordInputs(info, info.email ?? ''), info.username]}
        passwordLabel={t('passwordReset.password')}
        confirmationLabel={t('passwordReset.passwordConfirmation')}
        submitLabel={t('passwordReset.submit')}
        onSubmit={handleSubmit}
      />
    </LinkShell>
  );
});
