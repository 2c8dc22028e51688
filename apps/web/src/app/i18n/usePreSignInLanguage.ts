import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { dictionaryLanguageOf } from '@patio/core/i18n/index';
import { useServices, useSessionState } from '../services';
import { ensureDictionary } from './createI18n';
import { browserSources, preSignInLanguage } from './preSignInLanguage';

/**
 * Puts a public screen in the pre-sign-in language (this session's pick, else the browser's, else the
 * chosen school's default) while nobody is signed in; a signed-in person keeps their own. Answers true
 * until that language is on screen the first time, so a German browser never glimpses the Spanish
 * default first. The school's language is known once its settings load (GET vue/settings): a browser
 * that speaks none of the six then turns to it.
 */
export function usePreSignInLanguage(): boolean {
  const { session, store, i18n } = useServices();
  const [signedIn] = useState(() => store.getState().token !== null);
  const schoolLanguage = useSessionState((s) => s.settings?.language ?? null);
  const wanted = useMemo(() => (signedIn ? null : preSignInLanguage(browserSources(), schoolLanguage)), [signedIn, schoolLanguage]);
  const [settling, setSettling] = useState(() => wanted !== null && i18n.language !== wanted);

  useLayoutEffect(() => {
    if (wanted !== null && store.getState().language !== wanted) session.setLanguage(wanted);
  }, [wanted, session, store]);

  useEffect(() => {
    if (!settling || wanted === null) return undefined;
    let current = true;
    // Settled once the session's language (this one, or one picked meanwhile) is the one on screen.
    const settleWhenShown = (language: string) => {
      if (current && language === store.getState().language) setSettling(false);
    };
    i18n.on('languageChanged', settleWhenShown);
    settleWhenShown(i18n.language);
    // A dictionary that cannot load must not leave the screen empty: it shows in the language it has.
    ensureDictionary(i18n, dictionaryLanguageOf(wanted)).catch(() => current && setSettling(false));
    return () => {
      current = false;
      i18n.off('languageChanged', settleWhenShown);
    };
  }, [settling, wanted, i18n, store]);

  return settling;
}
