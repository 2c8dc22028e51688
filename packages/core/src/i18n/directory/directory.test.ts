import { describe, expect, it } from 'vitest';
import { es as main } from '../es';
import { es } from './es';
import { loadDirectoryTerms } from './index';

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

describe('people, groups and registration texts', () => {
  it.each(others)('%s has every key es has, none empty, with the same placeholders', async (lang) => {
    const dictionary = flatten((await loadDirectoryTerms(lang)) as unknown as Tree);
    const missing = [...reference.keys()].filter((key) => !dictionary.has(key));
    const extra = [...dictionary.keys()].filter((key) => !reference.has(key));
    const empty = [...dictionary].filter(([, text]) => text.trim() === '').map(([key]) => key);
    const wrongPlaceholders = [...reference].filter(([key, text]) => dictionary.has(key) && placeholdersOf(text).join() !== placeholdersOf(dictionary.get(key)!).join());
    expect({ missing, extra, empty, wrongPlaceholders }).toEqual({ missing: [], extra: [], empty: [], wrongPlaceholders: [] });
  });

  it('is a real translation, not a copy of English', async () => {
    const en = flatten((await loadDirectoryTerms('en')) as unknown as Tree);
    for (const lang of others.filter((l) => l !== 'en')) {
      const dictionary = flatten((await loadDirectoryTerms(lang)) as unknown as Tree);
      const same = [...en].filter(([key, text]) => dictionary.get(key) === text && text.length > 12);
      // A few words are the same in both languages (German "Administrator"); whole sentences never are.
      expect(same.length, `${lang} copies English: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(5);
    }
  });

  it('adds to the main dictionary without replacing any of its texts', () => {
    const mainKeys = flatten(main as unknown as Tree);
    expect([...reference.keys()].filter((key) => mainKeys.has(key))).toEqual([]);
  });

  it('gives the §5 registration messages in English word for word', async () => {
    const en = await loadDirectoryTerms('en');
    expect(en.registration.errors).toMatchObject({
      email_required: 'You must type an eMail',
      email_invalid: 'Invalid address',
      email_taken: 'This eMail is already being used',
      document_required: 'You must type a document',
      first_name_required: 'You must type a name',
      last_name_required: 'You must type a last name',
      password_required: 'You must type a password',
      passwords_mismatch: 'Passwords do not match',
      birthday_required: 'You must pick a date',
      course_required: 'You must select a course',
      children_required: 'You must choose at least one son',
    });
    expect(en.profile.emailInvalid).toBe('The email does not have a valid format');
  });
});
