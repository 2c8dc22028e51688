import { describe, expect, it } from 'vitest';
import { documentKeyOf, normalizeDocument } from './documentKey';
import { hasForbiddenNameCharacters } from './nameCharacters';

describe('normalizeDocument', () => {
  it('makes one key of the ways a document is typed', () => {
    expect(normalizeDocument('1.023.456-7')).toBe('10234567');
    expect(normalizeDocument(' 1023 4567 ')).toBe('10234567');
    expect(normalizeDocument('ab-12 ñ')).toBe('AB12N');
    expect(documentKeyOf(' - ')).toBeNull();
    expect(documentKeyOf(null)).toBeNull();
  });
});

describe('hasForbiddenNameCharacters', () => {
  it('refuses NUL, control, bidi-override and zero-width characters but not accents', () => {
    for (const bad of ['a\u0000b', 'a\nb', 'Ana\u202Eanitsirc', 'An\u200Ba', '\uFEFFAna', 'a\u2066b']) {
      expect(hasForbiddenNameCharacters(bad)).toBe(true);
    }
    expect(hasForbiddenNameCharacters('José Ñúñez-O’Brien')).toBe(false);
  });
});
