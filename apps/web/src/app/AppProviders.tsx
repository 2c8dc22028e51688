import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LoadingSourceContext } from '../ui/loadingSource';
import { requestCounter } from './api/requestCounter';
import { applyLanguage, mergeSchoolTerms } from './i18n/createI18n';
import { ServicesContext, useServices, useSessionState, type AppServices } from './services';

/** Keeps i18next on the session's language and merges the school's own terms over the built-in ones. */
function LanguageSync() {
  const { i18n, api } = useServices();
  const language = useSessionState((s) => s.language);
  const url = useSessionState((s) => s.url);

  useEffect(() => {
    let current = true;
    void applyLanguage(i18n, language).then(() => {
      if (current && url) void mergeSchoolTerms(i18n, language, (lang) => api.get(`vue/i18n/languages/${lang}`));
    });
    return () => {
      current = false;
    };
  }, [i18n, api, language, url]);
  return null;
}

export interface AppProvidersProps {
  services: AppServices;
  children: ReactNode;
}

/**
 * What every screen needs: the app services, i18next and the request counter. Mantine and TanStack
 * Query come with the deck (DeckProviders) so the public first screens stay light.
 */
export function AppProviders({ services, children }: AppProvidersProps) {
  return (
    <ServicesContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n}>
        <LoadingSourceContext.Provider value={requestCounter}>
          <LanguageSync />
          {children}
        </LoadingSourceContext.Provider>
      </I18nextProvider>
    </ServicesContext.Provider>
  );
}
