import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoProvider, SsoProviderSettings, SsoProviderSettingsRequest, SsoSettings } from '@patio/core/schemas/singleSignOn';
import { useServices } from '../../app/services';

const KEY = ['settings', 'single-sign-on'] as const;

/** GET settings/single-sign-on (administrators): the school's providers, without their secrets. */
export function useSsoSettings() {
  const { api } = useServices();
  return useQuery({ queryKey: KEY, queryFn: () => api.get<SsoSettings>('settings/single-sign-on') });
}

/** PUT settings/single-sign-on/{provider}; the login screen's flags are read again afterwards. */
export function useSaveSsoProvider(provider: SsoProvider) {
  const { api, store } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SsoProviderSettingsRequest) => api.put<SsoProviderSettings>(`settings/single-sign-on/${provider}`, change),
    onSuccess: (saved) => {
      client.setQueryData<SsoSettings>(KEY, (old) => (old ? { providers: old.providers.map((p) => (p.provider === provider ? saved : p)) } : old));
      const settings = store.getState().settings;
      if (settings) store.update({ settings: { ...settings, signIn: { ...settings.signIn, [provider]: saved.available } } });
    },
  });
}
