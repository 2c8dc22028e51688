import { useEffect, useReducer, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { dictionaryLanguageOf, matchInterfaceLanguage, type DictionaryLanguage } from '@patio/core/i18n/index';

export interface LazyTerms {
  /**
   * Adds the chunk's texts of a language once per i18next instance. They merge under the built-in
   * dictionary without overwriting, so a school's own terms keep winning.
   */
  ensure(i18n: I18n, language: DictionaryLanguage): Promise<void>;
  /**
   * Loads a language's texts ahead of a switch, when a screen of this chunk has shown them already:
   * the switch then draws the new language whole, instead of keys until the chunk arrives.
   */
  preload(i18n: I18n, language: DictionaryLanguage): Promise<void>;
  /**
   * Wraps a screen so it renders once its texts are in (they travel in their own chunk, not with the
   * first screen), and again in the new language when the language changes. Once shown, the screen
   * stays mounted through a switch, so what a family has typed survives a language change.
   */
  withTerms<P extends object>(Screen: ComponentType<P>): ComponentType<P>;
}

/** The loader of a dictionary chunk that travels apart from the built-in dictionary (`name` names its wrapper). */
export function createLazyTerms(name: string, load: (language: DictionaryLanguage) => Promise<object>): LazyTerms {
  const loaded = new WeakMap<I18n, Set<DictionaryLanguage>>();

  const isLoaded = (i18n: I18n, language: DictionaryLanguage) => loaded.get(i18n)?.has(language) ?? false;

  async function ensure(i18n: I18n, language: DictionaryLanguage): Promise<void> {
    if (isLoaded(i18n, language)) return;
    const terms = await load(language);
    i18n.addResourceBundle(language, 'translation', terms, true, false);
    const done = loaded.get(i18n) ?? new Set();
    done.add(language);
    loaded.set(i18n, done);
  }

  async function preload(i18n: I18n, language: DictionaryLanguage): Promise<void> {
    if ((loaded.get(i18n)?.size ?? 0) > 0) await ensure(i18n, language);
  }

  function withTerms<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
    function WithTerms(props: P) {
      const { i18n } = useTranslation();
      const language = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
      const [, rerender] = useReducer((n: number) => n + 1, 0);
      const ready = isLoaded(i18n, language);
      const [shown, setShown] = useState(ready);
      if (ready && !shown) setShown(true);
      useEffect(() => {
        if (ready) return undefined;
        let current = true;
        void ensure(i18n, language)
          .catch(() => undefined)
          .then(() => current && rerender());
        return () => {
          current = false;
        };
      }, [i18n, language, ready]);
      return ready || shown ? <Screen {...props} /> : null;
    }
    WithTerms.displayName = `${name}(${Screen.displayName ?? Screen.name})`;
    return WithTerms;
  }

  return { ensure, preload, withTerms };
}
