import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_COLOR } from '../constants';
import { contrastRatio, darkenForWhiteText, schoolColorProblem } from './contrast';

describe('school colour contrast (issue 33 item 4)', () => {
  it('item 4: the default page colour is accepted and its bar shade carries white text at 4.5:1', () => {
    expect(schoolColorProblem(DEFAULT_PAGE_COLOR)).toBeNull();
    expect(contrastRatio(darkenForWhiteText(DEFAULT_PAGE_COLOR), '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });

  it('item 4: refuses pale colours on which white text is unreadable, and anything but #RRGGBB', () => {
    for (const pale of ['#FFFFFF', '#FFFF00', '#F0E68C', '#87CEEB', '#c0c0c0']) expect(schoolColorProblem(pale), pale).toBe('color_unreadable');
    for (const bad of ['red', '#FFF', '1C89B8', '#1C89B8 ', '#1C89BZ', '', '#1C89B8\u0000']) expect(schoolColorProblem(bad), JSON.stringify(bad)).toBe('invalid_color');
    for (const fine of ['#000000', '#AA3300', '#0b6e4f', '#6A1B9A']) expect(schoolColorProblem(fine), fine).toBeNull();
  });

  it('item 4: every accepted colour darkens to a readable bar', () => {
    for (let gray = 0; gray < 256; gray += 5) {
      const hex = `#${gray.toString(16).padStart(2, '0').repeat(3)}`;
      if (schoolColorProblem(hex) === null) expect(contrastRatio(darkenForWhiteText(hex), '#FFFFFF'), hex).toBeGreaterThanOrEqual(4.5);
    }
  });
});
