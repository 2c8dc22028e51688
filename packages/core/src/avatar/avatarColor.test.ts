import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, computeLuminance, parseHexColor, pickAvatarColor, pickTextColor } from './avatarColor';

function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHexColor(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('avatar colours', () => {
  it('has six distinct colours', () => {
    expect(new Set(AVATAR_COLORS).size).toBe(6);
  });

  it.each(AVATAR_COLORS)('%s meets WCAG AA with the text colour the rule picks', (colour) => {
    expect(contrastRatio(colour, pickTextColor(colour))).toBeGreaterThanOrEqual(4.5);
  });

  it('chooses by id modulo 6', () => {
    for (let id = -12; id <= 30; id += 1) {
      expect(pickAvatarColor(id)).toBe(AVATAR_COLORS[((id % 6) + 6) % 6]);
    }
    expect(pickAvatarColor('13')).toBe(AVATAR_COLORS[1]);
  });

  it('gives a stable colour for non-numeric ids', () => {
    expect(pickAvatarColor('b7e2-uuid')).toBe(pickAvatarColor('b7e2-uuid'));
    expect(AVATAR_COLORS).toContain(pickAvatarColor('b7e2-uuid'));
  });
});

describe('pickTextColor', () => {
  it.each([
    ['#FFFFFF', '#000000'],
    ['#000000', '#FFFFFF'],
    ['#808080', '#000000'], // luminance exactly 128 → black
    ['#7F7F7F', '#FFFFFF'], // 127 → white
    ['#fff', '#000000'],
    ['#1C89B8', '#FFFFFF'],
  ])('%s → %s', (background, text) => {
    expect(pickTextColor(background)).toBe(text);
  });

  it('computes BT.601 luminance', () => {
    expect(computeLuminance('#FF0000')).toBeCloseTo(76.245);
  });

  it.each(['red', '#12345', '', '#GGGGGG'])('rejects %j', (value) => {
    expect(() => parseHexColor(value)).toThrow(/Invalid colour/);
  });
});
