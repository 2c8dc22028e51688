import { describe, expect, it } from 'vitest';
import { es as main } from '../es';
import { es } from './es';
import { loadAttendanceTerms } from './index';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholdersOf = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const reference = flatten(es as unknown as Tree);
const others = ['en', 'de', 'fr', 'it', 'pt'] as const;

describe('attendance texts', () => {
  it.each(others)('%s has every key es has, none empty, with the same placeholders', async (lang) => {
    const dictionary = flatten((await loadAttendanceTerms(lang)) as unknown as Tree);
    const missing = [...reference.keys()].filter((key) => !dictionary.has(key));
    const extra = [...dictionary.keys()].filter((key) => !reference.has(key));
    const empty = [...dictionary].filter(([, text]) => text.trim() === '').map(([key]) => key);
    const wrongPlaceholders = [...reference].filter(([key, text]) => dictionary.has(key) && placeholdersOf(text).join() !== placeholdersOf(dictionary.get(key)!).join());
    expect({ missing, extra, empty, wrongPlaceholders }).toEqual({ missing: [], extra: [], empty: [], wrongPlaceholders: [] });
  });

  it('is a real translation, not a copy of English', async () => {
    const en = flatten((await loadAttendanceTerms('en')) as unknown as Tree);
    for (const lang of others.filter((l) => l !== 'en')) {
      const dictionary = flatten((await loadAttendanceTerms(lang)) as unknown as Tree);
      const same = [...en].filter(([key, text]) => dictionary.get(key) === text && text.length > 12);
      expect(same.length, `${lang} copies English: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(3);
    }
  });

  it('adds to the main dictionary without replacing any of its texts', () => {
    const mainKeys = flatten(main as unknown as Tree);
    expect([...reference.keys()].filter((key) => mainKeys.has(key))).toEqual([]);
  });
});
