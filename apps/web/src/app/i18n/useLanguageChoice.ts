import { useCallback, useRef, useState } from 'react';
import { dictionaryLanguageOf, type LanguageCode } from '@patio/core/i18n/index';
import { useServices, useSessionState } from '../services';
import { ensureDictionary } from './createI18n';
import { browserSources, rememberChosenLanguage } from './preSignInLanguage';
import { preloadDirectoryTerms } from './withDirectoryTerms';

export interface LanguageChoice {
  /** The language shown as picked: the one being loaded, else the session's. */
  language: LanguageCode;
  /** Loads the language's texts, then switches the whole interface and <html lang> to it. */
  choose(language: LanguageCode): Promise<void>;
}

/**
 * The language pickers' one rule (public screens and settings): a pick is kept for this browser
 * session, so it also holds on the sign-in screens after signing out, and the session keeps it as
 * the interface language. The texts load before the switch, so no screen flashes untranslated keys.
 */
export function useLanguageChoice(): LanguageChoice {
  const { session, i18n, api } = useServices();
  const current = useSessionState((s) => s.language);
  const personId = useSessionState((s) => s.user?.id ?? null);
  const [loading, setLoading] = useState<LanguageCode | null>(null);
  const latest = useRef(0);

  const choose = useCallback(
    async (language: LanguageCode) => {
      const pick = ++latest.current;
      rememberChosenLanguage(browserSources().storage, language);
      setLoading(language);
      const dictionary = dictionaryLanguageOf(language);
      // Offline, the switch still happens: the fallback texts and the next load take over.
      await Promise.all([ensureDictionary(i18n, dictionary), preloadDirectoryTerms(i18n, dictionary)]).catch(() => undefined);
      // Two quick picks: only the last one applies, whichever loads first.
      if (pick !== latest.current) return;
      session.setLanguage(language);
      setLoading(null);
      // Signed in, the pick becomes the person's language on every device and in their mails.
      if (personId !== null) {
        await api
          .request(`people/${personId}`, { method: 'PATCH', body: { language: dictionary } })
          .catch((error: unknown) => console.warn('Saving the language failed', error));
      }
    },
    [api, i18n, personId, session],
  );

  return { language: loading ?? current, choose };
}
