import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registrationPasswordInputs } from '@patio/core/registration/validateRegistration';
import type { Welcome } from '@patio/core/schemas/invitations';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import classes from '../../ui/PublicLayout.module.css';
import linkClasses from './linkScreens.module.css';
import { MailedLinkScreen } from './MailedLinkScreen';
import { NewPasswordForm } from './NewPasswordForm';
import { useMailedLink } from './useMailedLink';

const isDeadLink = (error: unknown) => error instanceof ApiError && error.status === 400 && error.code === 'invalid_invitation_token';

/**
 * /welcome?school=&token=: the link of an invitation mail. Greets the person by name, shows the
 * username they sign in with, and sets their first password (or, when they have one, just signs them
 * in); then they are signed in and taken home.
 */
export const WelcomePage = withDirectoryTerms(function WelcomePage() {
  const { t } = useTranslation();
  const { schoolCode, school, link, signInWith } = useMailedLink<Welcome>('invitations/welcome', isDeadLink);
  const [signingIn, setSigningIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleSignIn(): Promise<void> {
    setSigningIn(true);
    setFailure(null);
    await signInWith('invitations/welcome/accept').catch((error: unknown) => {
      setFailure(describeError(t, error));
      setSigningIn(false);
    });
  }

  return (
    <MailedLinkScreen
      title={t('welcome.title')}
      schoolCode={schoolCode}
      school={school}
      link={link}
      checkingText={t('welcome.opening')}
      deadMessage={t('welcome.invalid')}
      deadWays={[{ to: '/forgot-password', label: t('signInHelp.forgotPassword') }, { to: '/login', label: t('welcome.goToLogin') }]}
    >
      {(welcome) => (
        <>
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
                userInputs={[...registrationPasswordInputs(welcome, welcome.email ?? ''), welcome.username]}
                passwordLabel={t('welcome.password')}
                confirmationLabel={t('welcome.passwordConfirmation')}
                submitLabel={t('welcome.submit')}
                onSubmit={(password) => signInWith('invitations/welcome/accept', { password })}
              />
            </>
          )}
        </>
      )}
    </MailedLinkScreen>
  );
});
