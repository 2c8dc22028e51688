import { describe, expect, it } from 'vitest';
import { appendQuery, serializeQuery } from './query';

describe('serializeQuery', () => {
  const cases: Array<[string, Record<string, unknown> | null | undefined, string]> = [
    ['plain values', { page: 2, limit: 20, q: 'ana' }, 'page=2&limit=20&q=ana'],
    ['skips null, undefined and empty strings', { a: null, b: undefined, c: '', d: 'x' }, 'd=x'],
    ['keeps zero and false', { zero: 0, off: false }, 'zero=0&off=false'],
    ['keeps whitespace strings', { s: ' ' }, 's=%20'],
    ['arrays as repeated keys', { id: [1, 2, 3] }, 'id=1&id=2&id=3'],
    ['skips empties inside arrays', { id: [1, null, '', 2] }, 'id=1&id=2'],
    ['empty array gives nothing', { id: [] }, ''],
    ['encodes keys and values', { 'a b': 'ñ&=?/#+' }, 'a%20b=%C3%B1%26%3D%3F%2F%23%2B'],
    ['dates as ISO', { from: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) }, 'from=2024-01-02T03%3A04%3A05.000Z'],
    ['objects as JSON', { filter: { status: 'read' } }, 'filter=%7B%22status%22%3A%22read%22%7D'],
    ['skips NaN', { n: Number.NaN }, ''],
    ['null params', null, ''],
    ['undefined params', undefined, ''],
  ];
  it.each(cases)('%s', (_name, params, expected) => {
    expect(serializeQuery(params)).toBe(expected);
  });

  it('round-trips through URLSearchParams', () => {
    const params = { q: 'María & José', tag: ['a+b', 'c d'], page: 3 };
    const parsed = new URLSearchParams(serializeQuery(params));
    expect(parsed.get('q')).toBe('María & José');
    expect(parsed.getAll('tag')).toEqual(['a+b', 'c d']);
    expect(parsed.get('page')).toBe('3');
  });
});

describe('appendQuery', () => {
  it.each([
    ['people', { page: 1 }, 'people?page=1'],
    ['people?x=1', { page: 1 }, 'people?x=1&page=1'],
    ['people?', { page: 1 }, 'people?page=1'],
    ['people#top', { page: 1 }, 'people?page=1#top'],
    ['people', { page: null }, 'people'],
  ])('%s + %j → %s', (url, params, expected) => {
    expect(appendQuery(url, params)).toBe(expected);
  });
});
