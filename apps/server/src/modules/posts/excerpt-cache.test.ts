import { describe, expect, it } from 'vitest';
import { listExcerpt } from './excerpt-cache';
import { excerptOf } from './posts.html';

describe('list excerpts', () => {
  it('answers what excerptOf answers, the first time and from memory, for each markup', () => {
    const a = '<p>Salida al <strong>Museo</strong> del Oro</p>';
    const b = '<p>Reunión de padres</p><p>jueves 6:30 p. m.</p>';
    for (let i = 0; i < 3; i++) {
      expect(listExcerpt(a)).toBe(excerptOf(a));
      expect(listExcerpt(b)).toBe(excerptOf(b));
    }
    expect(listExcerpt(a)).toBe('Salida al Museo del Oro');
  });

  it('keeps answering right after more markups than it keeps', () => {
    for (let i = 0; i < 1500; i++) expect(listExcerpt(`<p>Circular ${i}</p>`)).toBe(`Circular ${i}`);
    expect(listExcerpt('<p>Circular 0</p>')).toBe('Circular 0');
  });
});
