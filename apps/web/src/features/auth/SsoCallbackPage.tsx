import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SSO_PROVIDER_NAMES, type SsoProvider } from '@patio/core/schemas/singleSignOn';
import { REGISTRATION_STATUS_PATH, safeNextPath } from '../../app/guard';
import { useServices } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { LinkShell } from './LinkShell';
import { checkProviderAnswer, finishProviderSignIn, forgetPendingSignIn, providerFailureKey, readPendingSignIn } from './providerSignIn';
import { completeSignIn } from './signIn';
import linkClasses from './linkScreens.module.css';

/**
 * /oauth/{provider}/callback: where Google, Office 365 and Apple send the browser back. The state must be
 * the one this tab stored when it left (spec §5; otherwise the spec §8 text); the code goes to POST
 * oauth/{provider}, which checks state and nonce again and answers the access token.
 */
export function SsoCallbackPage() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const { provider } = useParams();
  const [params] = useSearchParams();
  // Read once, without side effects (a state is forgotten in the effect below, after this first render).
  const [answer] = useState(() => checkProviderAnswer(provider, params, readPendingSignIn()));
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const name = provider && provider in SSO_PROVIDER_NAMES ? SSO_PROVIDER_NAMES[provider as SsoProvider] : '';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    forgetPendingSignIn();
    if (!answer.ok) return;
    void (async () => {
      try {
        const result = await finishProviderSignIn(services.api, answer.provider, answer);
        if ('registration' in result) {
          await navigate('/register', { replace: true, state: { prefill: result.registration } });
          return;
        }
        const outcome = await completeSignIn(services, result.access_token);
        await navigate(outcome === 'registrationPending' ? REGISTRATION_STATUS_PATH : safeNextPath(answer.next), { replace: true });
      } catch (caught) {
        setFailure(t(providerFailureKey(caught), { provider: SSO_PROVIDER_NAMES[answer.provider] }));
      }
    })();
  }, [answer, services, navigate, t]);

  const shown = answer.ok ? failure : t(answer.failureKey, { provider: name });
  return (
    <LinkShell title={t('login.title')} working={!shown} workingText={t('sso.signingIn', { provider: name })}>
      {shown && (
        <>
          <Notice tone="error">{shown}</Notice>
          <div className={linkClasses.links}>
            <Link to="/login" className={linkClasses.link}>
              {t('sso.backToLogin')}
            </Link>
          </div>
        </>
      )}
    </LinkShell>
  );
}
