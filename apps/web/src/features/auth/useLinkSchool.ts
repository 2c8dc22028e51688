import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../app/api/ApiError';
import { enterSchoolOfLink } from '../../app/api/findSchool';
import { useServices } from '../../app/services';

export type LinkSchool = { state: 'working' } | { state: 'ready' } | { state: 'unknown' } | { state: 'failed'; error: unknown };

/**
 * The school a mailed link names (`?school=<code>`): a device that has another school stored, or none
 * (a phone opening the mail), switches to it through the directory first. Done once per code.
 */
export function useLinkSchool(code: string | null): LinkSchool {
  const { api, session, store } = useServices();
  const [result, setResult] = useState<LinkSchool>(() =>
    !code || store.getState().school?.code === code ? { state: 'ready' } : { state: 'working' },
  );
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!code || started.current === code || store.getState().school?.code === code) return;
    started.current = code;
    enterSchoolOfLink({ api, session, store }, code)
      .then(() => setResult({ state: 'ready' }))
      .catch((error: unknown) => setResult(error instanceof ApiError && error.status === 404 ? { state: 'unknown' } : { state: 'failed', error }));
  }, [api, session, store, code]);

  return result;
}
