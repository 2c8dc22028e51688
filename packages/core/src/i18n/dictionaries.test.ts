import { describe, expect, it } from 'vitest';
import { es } from './es';
import { languages, loadDictionary, matchInterfaceLanguage, type DictionaryLanguage } from './index';
import { flatten, placeholdersOf } from './test/itIsACompleteChunk';

const reference = flatten(es);
const others = languages.map((l) => l.dictionary).filter((d): d is Exclude<DictionaryLanguage, 'es'> => d !== 'es');

describe('built-in dictionaries', () => {
  it('offers the six languages with es-CO first', () => {
    expect(languages.map((l) => l.code)).toEqual(['es-CO', 'en', 'de', 'fr', 'it', 'pt']);
  });

  it.each(others)('%s has every key es has, none empty, with the same placeholders', async (lang) => {
    const dictionary = flatten((await loadDictionary(lang)));
    const missing = [...reference.keys()].filter((key) => !dictionary.has(key));
    const empty = [...dictionary].filter(([, text]) => text.trim() === '').map(([key]) => key);
    const wrongPlaceholders = [...reference].filter(
      ([key, text]) => dictionary.has(key) && placeholdersOf(text).join() !== placeholdersOf(dictionary.get(key)!).join(),
    );
    expect({ missing, empty, wrongPlaceholders }).toEqual({ missing: [], empty: [], wrongPlaceholders: [] });
  });

  it('has no empty text in the reference language', () => {
    expect([...reference].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('is a real translation, not a copy of English', async () => {
    const en = flatten((await loadDictionary('en')));
    for (const lang of others.filter((l) => l !== 'en')) {
      const dictionary = flatten((await loadDictionary(lang)));
      const same = [...en].filter(([key, text]) => dictionary.get(key) === text && text.length > 12);
      expect(same.length, `${lang} copies English`).toBeLessThan(reference.size / 10);
    }
  });

  it('resolves language tags to supported languages', () => {
    expect(matchInterfaceLanguage('es')).toBe('es-CO');
    expect(matchInterfaceLanguage('pt-BR')).toBe('pt');
    expect(matchInterfaceLanguage('EN')).toBe('en');
    expect(matchInterfaceLanguage('ja')).toBe('es-CO');
    expect(matchInterfaceLanguage(null)).toBe('es-CO');
  });
});
