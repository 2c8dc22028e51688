import { describe, expect, it } from 'vitest';
import { es } from './es';
import { languages, loadDictionary, matchInterfaceLanguage, type DictionaryLanguage } from './index';

type Tree = { [key: string]: string | Tree };

/** Flattens a nested dictionary into dotted keys → text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The {{placeholders}} a text interpolates. */
function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
}

const reference = flatten(es as unknown as Tree);
const others = languages.map((l) => l.dictionary).filter((d): d is Exclude<DictionaryLanguage, 'es'> => d !== 'es');

describe('built-in dictionaries', () => {
  it('offers the six languages with es-CO first', () => {
    expect(languages.map((l) => l.code)).toEqual(['es-CO', 'en', 'de', 'fr', 'it', 'pt']);
  });

  it.each(others)('%s has every key es has, none empty, with the same placeholders', async (lang) => {
    const dictionary = flatten((await loadDictionary(lang)) as unknown as Tree);
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
    const en = flatten((await loadDictionary('en')) as unknown as Tree);
    for (const lang of others.filter((l) => l !== 'en')) {
      const dictionary = flatten((await loadDictionary(lang)) as unknown as Tree);
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
