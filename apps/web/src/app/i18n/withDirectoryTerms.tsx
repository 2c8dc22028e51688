import { useEffect, useReducer, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { dictionaryLanguageOf, matchInterfaceLanguage, type DictionaryLanguage } from '@patio/core/i18n/index';
import { loadDirectoryTerms } from '@patio/core/i18n/directory/index';

const loaded = new WeakMap<I18n, Set<DictionaryLanguage>>();

function isLoaded(i18n: I18n, language: DictionaryLanguage): boolean {
  return loaded.get(i18n)?.has(language) ?? false;
}

/**
 * Adds the people/groups/registration texts of a language once per i18next instance. They merge
 * under the built-in dictionary without overwriting, so a school's own terms keep winning.
 */
export async function ensureDirectoryTerms(i18n: I18n, language: DictionaryLanguage): Promise<void> {
  if (isLoaded(i18n, language)) return;
  const terms = await loadDirectoryTerms(language);
  i18n.addResourceBundle(language, 'translation', terms, true, false);
  const done = loaded.get(i18n) ?? new Set();
  done.add(language);
  loaded.set(i18n, done);
}

/**
 * Loads a language's directory texts ahead of a switch, when a screen of this area has shown them
 * already: the switch then draws the new language whole, instead of keys until the chunk arrives.
 */
export async function preloadDirectoryTerms(i18n: I18n, language: DictionaryLanguage): Promise<void> {
  if ((loaded.get(i18n)?.size ?? 0) > 0) await ensureDirectoryTerms(i18n, language);
}

/**
 * Wraps a screen of this area so it renders once its texts are in (they travel in their own chunk,
 * not with the first screen), and again in the new language when the language changes. Once shown,
 * the screen stays mounted through a switch, so what a family has typed survives a language change.
 */
export function withDirectoryTerms<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithDirectoryTerms(props: P) {
    const { i18n } = useTranslation();
    const language = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    const ready = isLoaded(i18n, language);
    const [shown, setShown] = useState(ready);
    if (ready && !shown) setShown(true);
    useEffect(() => {
      if (ready) return undefined;
      let current = true;
      void ensureDirectoryTerms(i18n, language)
        .catch(() => undefined)
        .then(() => current && rerender());
      return () => {
        current = false;
      };
    }, [i18n, language, ready]);
    return ready || shown ? <Screen {...props} /> : null;
  }
  WithDirectoryTerms.displayName = `withDirectoryTerms(${Screen.displayName ?? Screen.name})`;
  return WithDirectoryTerms;
}
