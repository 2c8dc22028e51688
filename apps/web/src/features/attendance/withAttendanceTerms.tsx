import { useEffect, useReducer, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { dictionaryLanguageOf, matchInterfaceLanguage, type DictionaryLanguage } from '@patio/core/i18n/index';
import { loadAttendanceTerms } from '@patio/core/i18n/attendanceScreens/index';

const loaded = new WeakMap<I18n, Set<DictionaryLanguage>>();

const isLoaded = (i18n: I18n, language: DictionaryLanguage) => loaded.get(i18n)?.has(language) ?? false;

/** Adds the attendance texts of a language once per i18next instance, under the built-in dictionary. */
export async function ensureAttendanceTerms(i18n: I18n, language: DictionaryLanguage): Promise<void> {
  if (isLoaded(i18n, language)) return;
  const terms = await loadAttendanceTerms(language);
  i18n.addResourceBundle(language, 'translation', terms, true, false);
  const done = loaded.get(i18n) ?? new Set();
  done.add(language);
  loaded.set(i18n, done);
}

/**
 * Wraps an attendance screen so it renders once its texts are in (they travel in their own chunk, like
 * the directory's), and again in the new language after a switch, staying mounted meanwhile.
 */
export function withAttendanceTerms<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithAttendanceTerms(props: P) {
    const { i18n } = useTranslation();
    const language = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    const ready = isLoaded(i18n, language);
    const [shown, setShown] = useState(ready);
    if (ready && !shown) setShown(true);
    useEffect(() => {
      if (ready) return undefined;
      let current = true;
      void ensureAttendanceTerms(i18n, language)
        .catch(() => undefined)
        .then(() => current && rerender());
      return () => {
        current = false;
      };
    }, [i18n, language, ready]);
    return ready || shown ? <Screen {...props} /> : null;
  }
  WithAttendanceTerms.displayName = `withAttendanceTerms(${Screen.displayName ?? Screen.name})`;
  return WithAttendanceTerms;
}
