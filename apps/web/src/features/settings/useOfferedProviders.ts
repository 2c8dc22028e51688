import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@patio/core/schemas/org';
import { SSO_PROVIDERS, type SsoProvider } from '@patio/core/schemas/singleSignOn';
import { useServices, useSessionState } from '../../app/services';

function offeredBy(signIn: Settings['signIn'] | undefined): SsoProvider[] | null {
  return signIn ? SSO_PROVIDERS.filter((provider) => signIn[provider] === true) : null;
}

/**
 * The sign-in providers the school offers (GET vue/settings `signIn`, the flags behind the login
 * screen's buttons), or null until known. The settings kept since sign-in answer at once; they are
 * asked again because an administrator may have turned a provider on or off since.
 */
export function useOfferedProviders(): SsoProvider[] | null {
  const { api } = useServices();
  const kept = useSessionState((s) => s.settings?.signIn);
  const query = useQuery({
    queryKey: ['settings', 'public'],
    queryFn: ({ signal }) => api.get<Settings>('vue/settings', { signal }),
    staleTime: 60_000,
    retry: false,
  });
  return offeredBy(query.data?.signIn) ?? offeredBy(kept);
}
