import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconCircleCheck, IconHourglassHigh, IconLogout, IconRefresh } from '@tabler/icons-react';
import { formatDateTime, formatTime } from '@patio/core/format/dateTimes';
import { ApiError } from '../../app/api/ApiError';
import { useServices, useSessionState } from '../../app/services';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { Brand } from '../../ui/Brand';
import { describeError } from '../../app/api/describeError';
import { PublicLayout } from '../../ui/PublicLayout';
import authClasses from '../../ui/PublicLayout.module.css';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { RegisteredChildren } from './RegisteredChildren';
import classes from './registrationStatus.module.css';
import { useMyRegistration, type MyRegistrationState } from './useMyRegistration';

/** How the sign-in screen learns that the family was turned down (it shows a notice). */
const NOT_APPROVED = { replace: true, state: { notice: 'registrationNotApproved' } };

/** Where the family goes instead of this screen, or null to stay. */
function exitFor(mine: MyRegistrationState): 'notApproved' | 'signIn' | 'app' | null {
  if (mine.state === 'failed' && mine.error instanceof ApiError && mine.error.status === 401) {
    // A rejection revokes every token of the family; an expired one only means signing in again.
    return mine.error.code === 'token_revoked' ? 'notApproved' : 'signIn';
  }
  if (mine.state !== 'ready') return null;
  // No registration of one's own (staff, imported families): nothing to wait for.
  if (mine.registration === null) return 'app';
  return mine.registration.status === 'rejected' ? 'notApproved' : null;
}

/**
 * /registration/status: the one screen of a self-registered family until the school decides (issue 6).
 * Pending: what was sent and a way to check again. Approved: a welcome and the way into the app.
 * Rejected (or its tokens revoked): back to sign-in with a notice.
 */
export const RegistrationStatusPage = withDirectoryTerms(function RegistrationStatusPage() {
  const { t } = useTranslation();
  const { session, store } = useServices();
  const navigate = useNavigate();
  const school = useSessionState((s) => s.school);
  const language = useSessionState((s) => s.language);
  const mine = useMyRegistration();
  const [isLeaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const exit = exitFor(mine);
  // The session changes before the navigation, so the guard does not send the family straight back.
  useEffect(() => {
    if (exit === 'notApproved') {
      session.expire();
      void navigate('/login', NOT_APPROVED);
    } else if (exit === 'signIn') {
      void navigate('/login', { replace: true });
    } else if (exit === 'app') {
      store.update({ registrationPending: false });
      void session.restore();
      void navigate('/highlights', { replace: true });
    }
  }, [exit, navigate, session, store]);

  async function handleContinue(): Promise<void> {
    const { token } = store.getState();
    if (!token) return;
    setLeaving(true);
    setFailure(null);
    try {
      await session.authenticate(token);
      store.update({ registrationPending: false });
      await navigate('/highlights', { replace: true });
    } catch (error) {
      setFailure(describeError(t, error));
      setLeaving(false);
    }
  }

  async function handleSignOut(): Promise<void> {
    setLeaving(true);
    await session.logout();
    await navigate('/login', { replace: true });
  }

  const brand = <Brand name={school?.title ?? t('common.appName')} logo={school?.logo} logoAlt={t('login.schoolLogo', { school: school?.title ?? '' })} />;
  const signOut = (
    <Button variant="subtle" leftIcon={<IconLogout size={20} aria-hidden="true" />} disabled={isLeaving} onClick={() => void handleSignOut()}>
      {t('registrationStatus.signOut')}
    </Button>
  );

  let body;
  if (mine.state === 'loading' || exit) {
    body = (
      <div className={authClasses.status} role="status">
        <Spinner size={22} />
        <span>{t('common.loading')}</span>
      </div>
    );
  } else if (mine.state === 'failed') {
    body = (
      <>
        <h1>{t('registrationStatus.pendingTitle')}</h1>
        <Notice tone="error">{describeError(t, mine.error)}</Notice>
        <Button variant="default" loading={mine.isRefreshing} leftIcon={<IconRefresh size={20} aria-hidden="true" />} onClick={mine.refresh}>
          {t('registrationStatus.refresh')}
        </Button>
      </>
    );
  } else if (mine.registration?.status === 'approved') {
    const registration = mine.registration;
    body = (
      <>
        <div className={classes.intro}>
          <IconCircleCheck size={56} aria-hidden="true" className={classes.approvedIcon} />
          <h1>{t('registrationStatus.approvedTitle', { name: registration.firstName })}</h1>
          <p>{t('registrationStatus.approvedBody')}</p>
        </div>
        <RegisteredChildren registration={registration} />
        {failure && <Notice tone="error">{failure}</Notice>}
        <Button fullWidth loading={isLeaving} onClick={() => void handleContinue()}>
          {t('registrationStatus.continue')}
        </Button>
      </>
    );
  } else if (mine.registration) {
    const registration = mine.registration;
    body = (
      <>
        <div className={classes.intro}>
          <IconHourglassHigh size={56} aria-hidden="true" className={classes.pendingIcon} />
          <h1>{t('registrationStatus.pendingTitle')}</h1>
          <p>{t('registrationStatus.pendingBody', { email: registration.email })}</p>
        </div>
        {!registration.emailVerified && <Notice>{t('registrationStatus.emailNotVerified')}</Notice>}
        <RegisteredChildren registration={registration} />
        <p className={classes.meta}>{t('registrationStatus.sentOn', { date: formatDateTime(registration.createdAt, language) })}</p>
        <Button variant="default" loading={mine.isRefreshing} leftIcon={<IconRefresh size={20} aria-hidden="true" />} onClick={mine.refresh}>
          {t('registrationStatus.refresh')}
        </Button>
        <p className={classes.meta} role="status">
          {t('registrationStatus.checkedAt', { time: formatTime(mine.checkedAt, language) })}
        </p>
      </>
    );
  }

  return (
    <PublicLayout brand={brand}>
      {body}
      {signOut}
    </PublicLayout>
  );
});
