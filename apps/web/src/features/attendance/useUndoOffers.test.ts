import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUndoOffers } from './useUndoOffers';

describe('the undo of a roll row', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('item 3: offers to put back what a row showed for the window only, once, the latest tap replacing an earlier one', () => {
    const { result } = renderHook(() => useUndoOffers(10));
    act(() => result.current.offer(101, { type: 'present', note: '' }));
    act(() => vi.advanceTimersByTime(6000));
    // A second tap on the row: its undo puts back what the first tap made, for a full window again.
    act(() => result.current.offer(101, { type: 'absent', note: 'x' }));
    act(() => vi.advanceTimersByTime(6000));
    expect(result.current.offers.get(101)).toEqual({ type: 'absent', note: 'x' });
    let taken: ReturnType<typeof result.current.take>;
    act(() => {
      taken = result.current.take(101);
    });
    expect(taken!).toEqual({ type: 'absent', note: 'x' });
    expect(result.current.offers.has(101)).toBe(false);
    act(() => {
      taken = result.current.take(101);
    });
    expect(taken!).toBeUndefined();

    act(() => result.current.offer(102, { type: 'present', note: '' }));
    act(() => vi.advanceTimersByTime(9999));
    expect(result.current.offers.has(102)).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.offers.has(102)).toBe(false);
    act(() => {
      taken = result.current.take(102);
    });
    expect(taken!).toBeUndefined();
  });
});
