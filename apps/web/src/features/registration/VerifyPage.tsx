import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RegistrationVerified } from '@patio/core/schemas/registration';
import { ApiError } from '../../app/api/ApiError';
import { useServices, useSessionState } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { Brand } from '../../ui/Brand';
import { describeError } from '../../app/api/describeError';
import { enterSchoolOfLink } from '../../app/api/findSchool';
import { PublicLayout } from '../../ui/PublicLayout';
import authClasses from '../../ui/PublicLayout.module.css';
import classes from './registration.module.css';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

type Outcome = { state: 'working' } | { state: 'verified'; status: RegistrationVerified['status'] } | { state: 'failed'; error: unknown };

/**
 * /registration/verify?school=&token=: the link of the verification email. It finds the school when
 * this device has none stored yet, confirms the address (POST registration/verify) and says what follows.
 */
export const VerifyPage = withDirectoryTerms(function VerifyPage() {
  const { t } = useTranslation();
  const { api, session, store } = useServices();
  const [params] = useSearchParams();
  const school = useSessionState((s) => s.school);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const code = params.get('school');
  const token = params.get('token');

  // A link works once: the request is sent once per page, whatever re-renders follow.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    async function verify(): Promise<void> {
      if (!token) throw new ApiError(400, { error: 'token_required' }, 'registration/verify');
      await enterSchoolOfLink({ api, session, store }, code);
      const answer = await api.post<RegistrationVerified>('registration/verify', { token });
      setOutcome({ state: 'verified', status: answer.status });
    }
    verify().catch((error: unknown) => setOutcome({ state: 'failed', error }));
  }, [api, session, store, code, token]);

  const refused = outcome.state === 'failed' && outcome.error instanceof ApiError && [400, 404, 409, 410].includes(outcome.error.status);
  return (
    <PublicLayout brand={<Brand name={school?.title ?? t('common.appName')} logo={school?.logo} logoAlt={t('login.schoolLogo', { school: school?.title ?? '' })} />}>
      <h1>{t('registration.verifyTitle')}</h1>
      {outcome.state === 'working' && (
        <div className={authClasses.status} role="status">
          <Spinner size={22} />
          <span>{t('registration.verifying')}</span>
        </div>
      )}
      {outcome.state === 'verified' && <Notice>{outcome.status === 'approved' ? t('registration.verifiedApproved') : t('registration.verifiedPending')}</Notice>}
      {outcome.state === 'failed' && <Notice tone="error">{refused ? t('registration.verifyInvalid') : describeError(t, outcome.error)}</Notice>}
      {outcome.state !== 'working' && <Link to="/login" className={classes.link}>{t('registration.backToLogin')}</Link>}
    </PublicLayout>
  );
});
