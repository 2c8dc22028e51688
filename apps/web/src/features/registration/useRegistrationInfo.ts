import { useEffect, useState } from 'react';
import type { RegistrationInfo } from '@patio/core/schemas/registration';
import { useServices, useSessionState } from '../../app/services';

export type InfoState = { state: 'loading' } | { state: 'ready'; info: RegistrationInfo } | { state: 'failed'; error: unknown };

/** GET registration (public): whether families may register themselves, and the courses to pick. */
export function useRegistrationInfo(): InfoState {
  const { api } = useServices();
  const url = useSessionState((s) => s.url);
  const [state, setState] = useState<InfoState>({ state: 'loading' });
  useEffect(() => {
    if (!url) return undefined;
    let current = true;
    api
      .get<RegistrationInfo>('registration')
      .then((info) => current && setState({ state: 'ready', info: { enabled: Boolean(info?.enabled), courses: info?.courses ?? [] } }))
      .catch((error: unknown) => current && setState({ state: 'failed', error }));
    return () => {
      current = false;
    };
  }, [api, url]);
  return state;
}
