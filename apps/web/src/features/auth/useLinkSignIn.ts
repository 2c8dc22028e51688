import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { describeError } from '../../app/api/describeError';
import { findSchool } from '../../app/api/findSchool';
import { completeSignIn, requestLinkToken } from './signIn';

/** The link names a school the directory does not know. */
class UnknownSchoolError extends Error {}

export type LinkSignIn = { state: 'idle' } | { state: 'working' } | { state: 'failed'; message: string } | { state: 'done' };

/**
 * Sign-in by link (/login?school=<code>&token=<token>): makes sure the link's school is the stored
 * one (through the directory), then exchanges the one-time token once and authenticates.
 */
export function useLinkSignIn(schoolCode: string | null, token: string | null): LinkSignIn {
  const { t } = useTranslation();
  const services = useServices();
  const { api, session, store } = services;
  const [result, setResult] = useState<LinkSignIn>(token ? { state: 'working' } : { state: 'idle' });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token; // a one-time token must never be sent twice
    void (async () => {
      setResult({ state: 'working' });
      try {
        const { url, school } = store.getState();
        if (schoolCode && (!url || school?.code !== schoolCode)) {
          const entry = await findSchool(api, schoolCode).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) throw new UnknownSchoolError(schoolCode);
            throw error;
          });
          if (entry.url !== url) session.chooseSchool(entry.url, { code: entry.code, title: entry.title, logo: entry.logo });
        }
        const answer = await requestLinkToken(api, token);
        // A family waiting for approval is then kept on its status screen by the guard.
        await completeSignIn(services, answer.access_token);
        setResult({ state: 'done' });
      } catch (error) {
        let message: string;
        if (error instanceof ApiError && [400, 401, 403, 404, 410].includes(error.status)) message = t('login.linkInvalid');
        else if (error instanceof UnknownSchoolError) message = t('login.unknownSchool', { code: schoolCode });
        else message = describeError(t, error);
        setResult({ state: 'failed', message });
      }
    })();
  }, [services, api, session, store, schoolCode, token, t]);

  return result;
}
