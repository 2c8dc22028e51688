import { expect, it } from 'vitest';
import type { DictionaryLanguage } from '../index';
import { es as main } from '../es';

type Tree = { [key: string]: string | Tree };

/** Flattens a nested dictionary into dotted keys → text. */
export function flatten(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The {{placeholders}} a text interpolates. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
}

export interface ChunkUnderTest {
  /** The chunk's Spanish texts, the reference every other language matches. */
  es: object;
  load(language: DictionaryLanguage): Promise<object>;
  /** Fewer texts than this (of more than 12 characters) may read the same as in English. */
  copiesOfEnglishBelow: number;
}

const others = ['en', 'de', 'fr', 'it', 'pt'] as const;

/** The tests of a lazily loaded dictionary chunk: complete in six languages, translated, and only adding to the main dictionary. */
export function itIsACompleteChunk({ es, load, copiesOfEnglishBelow }: ChunkUnderTest): void {
  const reference = flatten(es);

  it.each(others)('%s has every key es has, none empty, with the same placeholders', async (lang) => {
    const dictionary = flatten(await load(lang));
    const missing = [...reference.keys()].filter((key) => !dictionary.has(key));
    const extra = [...dictionary.keys()].filter((key) => !reference.has(key));
    const empty = [...dictionary].filter(([, text]) => text.trim() === '').map(([key]) => key);
    const wrongPlaceholders = [...reference].filter(([key, text]) => dictionary.has(key) && placeholdersOf(text).join() !== placeholdersOf(dictionary.get(key)!).join());
    expect({ missing, extra, empty, wrongPlaceholders }).toEqual({ missing: [], extra: [], empty: [], wrongPlaceholders: [] });
  });

  it('is a real translation, not a copy of English', async () => {
    const en = flatten(await load('en'));
    for (const lang of others.filter((l) => l !== 'en')) {
      const dictionary = flatten(await load(lang));
      const same = [...en].filter(([key, text]) => dictionary.get(key) === text && text.length > 12);
      expect(same.length, `${lang} copies English: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(copiesOfEnglishBelow);
    }
  });

  it('adds to the main dictionary without replacing any of its texts', () => {
    const mainKeys = flatten(main);
    expect([...reference.keys()].filter((key) => mainKeys.has(key))).toEqual([]);
  });
}
