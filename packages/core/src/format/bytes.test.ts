import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  const KB = 1024;
  const cases: Array<[number, string]> = [
    [0, '0 B'],
    [1, '1 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [KB * KB - 1, '1.0 MB'], // rounds to 1024.0 KB, carried into MB
    [10.25 * KB * KB, '10.3 MB'],
    [512 * KB ** 2, '512.0 MB'],
    [3.5 * KB ** 3, '3.5 GB'],
    [KB ** 4, '1.0 TB'],
    [2.25 * KB ** 5, '2.3 PB'],
    [2048 * KB ** 5, '2048.0 PB'], // PB is the largest unit
    [1.4, '1 B'],
  ];
  it.each(cases)('%d bytes → %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it('uses the locale decimal separator', () => {
    expect(formatBytes(1536, 'es')).toBe('1,5 KB');
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
  });

  it('falls back to English for an unusable locale', () => {
    expect(formatBytes(1536, 'not a locale!')).toBe('1.5 KB');
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (bytes) => {
    expect(() => formatBytes(bytes)).toThrow(RangeError);
  });

  it('never shows 1024 of a unit below PB', () => {
    for (let exp = 1; exp <= 4; exp += 1) {
      for (const delta of [-1, -100, -1000]) {
        expect(formatBytes(1024 ** (exp + 1) + delta)).not.toMatch(/^1024/);
      }
    }
  });
});
