import { describe, expect, it } from 'vitest';
import { isLanguageKey, resolveLanguage } from './resolveLanguage';

describe('resolveLanguage', () => {
  it.each([
    ['es', 'es'],
    ['es-CO', 'es'],
    ['ES_co', 'es'],
    ['en-US', 'en'],
    ['de', 'de'],
    ['fr-CA', 'fr'],
    ['it', 'it'],
    ['pt-BR', 'pt'],
    ['ja', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
    ['  de  ', 'de'],
  ])('maps %s to %s', (tag, key) => {
    expect(resolveLanguage(tag)).toBe(key);
  });

  it('recognises only the six keys', () => {
    expect(isLanguageKey('pt')).toBe(true);
    expect(isLanguageKey('es-CO')).toBe(false);
    expect(isLanguageKey(3)).toBe(false);
  });
});
