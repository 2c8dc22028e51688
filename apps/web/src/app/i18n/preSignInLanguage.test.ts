import { afterEach, describe, expect, it } from 'vitest';
import { browserLanguageOf, CHOSEN_LANGUAGE_KEY, offeredLanguageOf, preSignInLanguage, readChosenLanguage, rememberChosenLanguage } from './preSignInLanguage';

describe('the language before sign-in', () => {
  afterEach(() => sessionStorage.clear());

  it('takes the first browser language Patio offers, walking past the ones it does not', () => {
    expect(browserLanguageOf(['ja-JP', 'de-AT', 'en'])).toBe('de');
    expect(browserLanguageOf(['pt-BR', 'es'])).toBe('pt');
    expect(browserLanguageOf(['en-US', 'en'])).toBe('en');
    expect(browserLanguageOf(['zh', 'es-MX'])).toBe('es-CO');
    expect(browserLanguageOf(['FR_ca'])).toBe('fr');
  });

  it('answers es-CO when no browser language is offered, or there are none', () => {
    expect(browserLanguageOf(['ja-JP', 'zh-CN', 'ko'])).toBe('es-CO');
    expect(browserLanguageOf([])).toBe('es-CO');
    expect(browserLanguageOf(['', '  ', '\u0000de'])).toBe('es-CO');
  });

  it('tells an offered tag from an unknown one', () => {
    expect(offeredLanguageOf('it-CH')).toBe('it');
    expect(offeredLanguageOf('es')).toBe('es-CO');
    expect(offeredLanguageOf('eo')).toBeNull();
  });

  it("item 4: turns to the school's default language when the browser speaks none of the six", () => {
    expect(preSignInLanguage({ storage: sessionStorage, tags: ['ja-JP', 'ko'] }, 'en')).toBe('en');
    expect(preSignInLanguage({ storage: sessionStorage, tags: [] }, 'de')).toBe('de');
    // The browser's own language still comes first, and an unknown school language reads as es-CO.
    expect(preSignInLanguage({ storage: sessionStorage, tags: ['fr-FR'] }, 'en')).toBe('fr');
    expect(preSignInLanguage({ storage: sessionStorage, tags: ['ja'] }, 'klingon')).toBe('es-CO');
    rememberChosenLanguage(sessionStorage, 'it');
    expect(preSignInLanguage({ storage: sessionStorage, tags: ['ja'] }, 'en')).toBe('it');
  });

  it('prefers the language picked in this browser session', () => {
    expect(preSignInLanguage({ storage: sessionStorage, tags: ['de-DE'] })).toBe('de');
    rememberChosenLanguage(sessionStorage, 'fr');
    expect(sessionStorage.getItem(CHOSEN_LANGUAGE_KEY)).toBe('fr');
    expect(preSignInLanguage({ storage: sessionStorage, tags: ['de-DE'] })).toBe('fr');
  });

  it('ignores a stored value that is not one of the six languages, and storage that throws', () => {
    sessionStorage.setItem(CHOSEN_LANGUAGE_KEY, 'klingon');
    expect(readChosenLanguage(sessionStorage)).toBeNull();
    expect(preSignInLanguage({ storage: sessionStorage, tags: ['it'] })).toBe('it');
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(() => rememberChosenLanguage(blocked, 'de')).not.toThrow();
    expect(preSignInLanguage({ storage: blocked, tags: ['pt-PT'] })).toBe('pt');
    expect(preSignInLanguage({ storage: null, tags: [] })).toBe('es-CO');
  });
});
