import { useTranslation } from 'react-i18next';
import { registrationPasswordInputs } from '@patio/core/registration/validateRegistration';
import type { PasswordResetInfo } from '@patio/core/schemas/passwordResets';
import { ApiError } from '../../app/api/ApiError';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import classes from '../../ui/PublicLayout.module.css';
import { MailedLinkScreen } from './MailedLinkScreen';
import { NewPasswordForm } from './NewPasswordForm';
import { useMailedLink } from './useMailedLink';

const isDeadLink = (error: unknown) => error instanceof ApiError && error.status === 400 && error.code !== 'invalid_password';

/**
 * /reset-password?school=&token=: the link of a password-reset mail. Says whose account it is, takes
 * a new password the policy accepts, then signs in and goes home.
 */
export const ResetPasswordPage = withDirectoryTerms(function ResetPasswordPage() {
  const { t } = useTranslation();
  const { schoolCode, school, link, signInWith } = useMailedLink<PasswordResetInfo>('password-resets/check', isDeadLink);

  return (
    <MailedLinkScreen
      title={t('passwordReset.resetTitle')}
      schoolCode={schoolCode}
      school={school}
      link={link}
      checkingText={t('passwordReset.checking')}
      deadMessage={t('passwordReset.invalid')}
      deadWays={[{ to: '/forgot-password', label: t('passwordReset.askAgain') }, { to: '/login', label: t('passwordReset.backToLogin') }]}
    >
      {(info) => (
        <>
          <p className={classes.intro}>{t('passwordReset.resetIntro', { name: info.firstName, username: info.username })}</p>
          <NewPasswordForm
            userInputs={[...registrationPasswordInputs(info, info.email ?? ''), info.username]}
            passwordLabel={t('passwordReset.password')}
            confirmationLabel={t('passwordReset.passwordConfirmation')}
            submitLabel={t('passwordReset.submit')}
            onSubmit={(password) => signInWith('password-resets/complete', { password })}
          />
        </>
      )}
    </MailedLinkScreen>
  );
});
