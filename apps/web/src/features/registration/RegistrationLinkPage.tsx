import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RegistrationLinkAnswered, RegistrationLinkInfo } from '@patio/core/schemas/registration';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { enterSchoolOfLink } from '../../app/api/findSchool';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { useServices, useSessionState } from '../../app/services';
import { Brand } from '../../ui/Brand';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PublicLayout } from '../../ui/PublicLayout';
import { Spinner } from '../../ui/Spinner';
import authClasses from '../../ui/PublicLayout.module.css';
import classes from './registration.module.css';
import linkClasses from './registrationLinkPage.module.css';

type State =
  | { step: 'checking' }
  | { step: 'asking'; info: RegistrationLinkInfo }
  | { step: 'answered'; status: RegistrationLinkAnswered['status'] }
  | { step: 'failed'; error: unknown };

/** The clear word for each way a link can no longer be answered (decision 023). */
const REFUSALS: Record<string, string> = {
  invalid_link_token: 'registrationLinks.invalid',
  link_used: 'registrationLinks.used',
  link_expired: 'registrationLinks.expired',
  registration_decided: 'registrationLinks.decided',
  token_required: 'registrationLinks.invalid',
};

/**
 * /registration/link?school=&token=: the link mailed to a person of the school whose document someone
 * registered with. It shows who registered and which children, and asks "is this you?": yes joins the
 * registration to their record, no leaves it to the school. Reading the page does not use the link.
 */
export const RegistrationLinkPage = withDirectoryTerms(function RegistrationLinkPage() {
  const { t } = useTranslation();
  const { api, session, store } = useServices();
  const [params] = useSearchParams();
  const school = useSessionState((s) => s.school);
  const language = useSessionState((s) => s.language);
  const [state, setState] = useState<State>({ step: 'checking' });
  const [answering, setAnswering] = useState<'confirm' | 'refuse' | null>(null);
  const code = params.get('school');
  const token = params.get('token');

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    async function check(): Promise<void> {
      if (!token) throw new ApiError(400, { error: 'token_required' }, 'registration/link/check');
      await enterSchoolOfLink({ api, session, store }, code);
      const info = await api.post<RegistrationLinkInfo>('registration/link/check', { token });
      setState({ step: 'asking', info });
    }
    check().catch((error: unknown) => setState({ step: 'failed', error }));
  }, [api, session, store, code, token]);

  async function handleAnswer(answer: 'confirm' | 'refuse'): Promise<void> {
    setAnswering(answer);
    try {
      const result = await api.post<RegistrationLinkAnswered>('registration/link', { token, answer });
      setState({ step: 'answered', status: result.status });
    } catch (error) {
      setState({ step: 'failed', error });
    } finally {
      setAnswering(null);
    }
  }

  const schoolName = school?.title ?? t('common.appName');
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
  const refusal = state.step === 'failed' && state.error instanceof ApiError ? REFUSALS[state.error.code ?? ''] : undefined;

  return (
    <PublicLayout brand={<Brand name={schoolName} logo={school?.logo} logoAlt={t('login.schoolLogo', { school: school?.title ?? '' })} />}>
      <h1>{t('registrationLinks.pageTitle')}</h1>
      {state.step === 'checking' && (
        <div className={authClasses.status} role="status">
          <Spinner size={22} />
          <span>{t('registrationLinks.checking')}</span>
        </div>
      )}
      {state.step === 'asking' && (
        <>
          <p>{t('registrationLinks.intro', { name: state.info.firstName, school: schoolName })}</p>
          <dl className={linkClasses.registrant}>
            <dt>{t('registrationLinks.name')}</dt>
            <dd>{`${state.info.registrant.firstName} ${state.info.registrant.lastName}`}</dd>
            <dt>{t('registrationLinks.email')}</dt>
            <dd>{state.info.registrant.email}</dd>
            <dt>{t('registrationLinks.childrenLabel')}</dt>
            <dd>{state.info.children.join(', ') || t('registrationLinks.notGiven')}</dd>
          </dl>
          <p className={linkClasses.muted}>{t('registrationLinks.registeredOn', { date: date(state.info.registeredAt) })}</p>
          <p>{t('registrationLinks.question')}</p>
          {/* The light controls of the public screens: this page loads without the component library. */}
          <div className={linkClasses.answers}>
            <Button loading={answering === 'confirm'} disabled={answering !== null} onClick={() => void handleAnswer('confirm')}>
              {t('registrationLinks.confirm')}
            </Button>
            <Button variant="danger" loading={answering === 'refuse'} disabled={answering !== null} onClick={() => void handleAnswer('refuse')}>
              {t('registrationLinks.refuse')}
            </Button>
          </div>
        </>
      )}
      {state.step === 'answered' && <Notice>{t(state.status === 'confirmed' ? 'registrationLinks.confirmed' : 'registrationLinks.refused')}</Notice>}
      {state.step === 'failed' && <Notice tone="error">{refusal ? t(refusal) : describeError(t, state.error)}</Notice>}
      {state.step !== 'checking' && state.step !== 'asking' && (
        <Link to="/login" className={classes.link}>
          {t('registration.backToLogin')}
        </Link>
      )}
    </PublicLayout>
  );
});
