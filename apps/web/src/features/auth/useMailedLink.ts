import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignedInWithUsername } from '@patio/core/schemas/invitations';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { REGISTRATION_STATUS_PATH } from '../../app/guard';
import { useServices } from '../../app/services';
import { completeSignIn } from './signIn';
import { useLinkSchool } from './useLinkSchool';

export type MailedLink<T> = { state: 'checking' } | { state: 'valid'; info: T } | { state: 'invalid' } | { state: 'failed'; message: string };

/**
 * A one-time link from a mail (`?school=&token=`): switches to its school, reads what the link is for
 * (`checkPath`), and signs in through `signInWith`. A 400 while reading, or an answer `isDeadLink`
 * recognises while signing in, means the link is used, replaced or expired.
 */
export function useMailedLink<T>(checkPath: string, isDeadLink: (error: unknown) => boolean) {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const schoolCode = params.get('school');
  const school = useLinkSchool(schoolCode);
  const [link, setLink] = useState<MailedLink<T>>(() => (token ? { state: 'checking' } : { state: 'invalid' }));
  const started = useRef(false);

  useEffect(() => {
    if (school.state !== 'ready' || !token || started.current) return;
    started.current = true;
    services.api
      .post<T>(checkPath, { token })
      .then((info) => setLink({ state: 'valid', info }))
      .catch((error: unknown) => setLink(error instanceof ApiError && error.status === 400 ? { state: 'invalid' } : { state: 'failed', message: describeError(t, error) }));
  }, [school.state, services.api, token, t, checkPath]);

  /** Posts the token (and `body`) to `path`, signs in with the answer and goes home. */
  async function signInWith(path: string, body: Record<string, unknown> = {}): Promise<void> {
    try {
      const answer = await services.api.post<SignedInWithUsername>(path, { token, ...body });
      const outcome = await completeSignIn(services, answer.access_token);
      await navigate(outcome === 'registrationPending' ? REGISTRATION_STATUS_PATH : '/highlights', { replace: true });
    } catch (error) {
      if (isDeadLink(error)) setLink({ state: 'invalid' });
      else throw error;
    }
  }

  return { schoolCode, school, link, signInWith };
}
