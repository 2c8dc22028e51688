import { describe, expect, it } from 'vitest';
import { attendanceAlertTexts, attendanceCsvTexts } from './attendance';
import { documentTexts } from './billingDocuments';
import { activityNoticeTexts } from './activityNotices';
import { classroomNoticeTexts } from './classroomNotices';
import type { DictionaryLanguage } from './index';
import { noticeTexts, personalNoticeTexts } from './notices';
import { fill } from './placeholders';
import { flatten } from './test/itIsACompleteChunk';

// The texts the server writes itself (mails, notices, PDFs, CSV titles) are kept in one record per
// namespace, all six languages side by side; the type checks each language has the interface's keys,
// these tests check the rest: nothing empty, the same {blanks} as Spanish, translated rather than copied.

const others = ['en', 'de', 'fr', 'it', 'pt'] as const;

/** The {blanks} a server text fills. */
function blanksOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}

const namespaces: [string, Record<DictionaryLanguage, object>, number][] = [
  // [name, texts, fewer texts than this (of more than 12 characters) may read as in English]
  ['notices', noticeTexts, 1],
  ['personal notices', personalNoticeTexts, 1],
  ['billing documents', documentTexts, 2],
  ['attendance alert', attendanceAlertTexts, 1],
  ['attendance CSV', attendanceCsvTexts, 2],
  ['classroom notices', classroomNoticeTexts, 1],
  ['activity notices', activityNoticeTexts, 1],
];

describe.each(namespaces)('server texts: %s', (_name, texts, copiesOfEnglishBelow) => {
  const reference = flatten(texts.es);

  it.each(others)('%s has every key es has and no other, none empty, with the same {blanks}', (lang) => {
    const dictionary = flatten(texts[lang]);
    const missing = [...reference.keys()].filter((key) => !dictionary.has(key));
    const extra = [...dictionary.keys()].filter((key) => !reference.has(key));
    const empty = [...dictionary].filter(([, text]) => text.trim() === '').map(([key]) => key);
    const wrongBlanks = [...reference].filter(([key, text]) => dictionary.has(key) && blanksOf(text).join() !== blanksOf(dictionary.get(key)!).join());
    expect({ missing, extra, empty, wrongBlanks }).toEqual({ missing: [], extra: [], empty: [], wrongBlanks: [] });
  });

  it('has no empty text in Spanish', () => {
    expect([...reference].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('is a real translation, not a copy of English', () => {
    const en = flatten(texts.en);
    for (const lang of others.filter((l) => l !== 'en')) {
      const dictionary = flatten(texts[lang]);
      const same = [...en].filter(([key, text]) => dictionary.get(key) === text && text.length > 12);
      expect(same.length, `${lang} copies English: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(copiesOfEnglishBelow);
    }
  });
});

describe('server texts: blanks', () => {
  it('fills every blank it has a value for and leaves the others as they are', () => {
    expect(fill('{school}: {count} mensajes nuevos {missing}', { school: 'Norte', count: 3 })).toBe('Norte: 3 mensajes nuevos {missing}');
  });
});
