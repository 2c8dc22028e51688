import { describe, expect, it } from 'vitest';
import { nextToolbarScroll, type ToolbarScroll } from './toolbarVisibility';

function scrollThrough(positions: number[]): boolean[] {
  let state: ToolbarScroll = { visible: true, lastY: 0 };
  return positions.map((y) => {
    state = nextToolbarScroll(state, y);
    return state.visible;
  });
}

describe('toolbar visibility (spec §2, threshold 23 px)', () => {
  it('stays while scrolling down up to 23 px and hides beyond', () => {
    expect(scrollThrough([10, 23, 24])).toEqual([true, true, false]);
  });

  it('comes back as soon as the page scrolls up', () => {
    expect(scrollThrough([100, 300, 290])).toEqual([false, false, true]);
  });

  it('hides again when scrolling down after showing', () => {
    expect(scrollThrough([300, 200, 250])).toEqual([false, true, false]);
  });

  it('always shows near the top', () => {
    expect(scrollThrough([300, 5])).toEqual([false, true]);
  });

  it('keeps its state when the position does not change', () => {
    expect(scrollThrough([300, 300])).toEqual([false, false]);
  });
});
