import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from './LoadingBar';

describe('LoadingBar (spec §9: shown after 100 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays hidden for requests shorter than 100 ms', () => {
    const { rerender } = render(<LoadingBar active label="Cargando" />);
    act(() => vi.advanceTimersByTime(99));
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<LoadingBar active={false} label="Cargando" />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('appears once a request lasts 100 ms and goes when it ends', () => {
    const { rerender } = render(<LoadingBar active label="Cargando" />);
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('progressbar', { name: 'Cargando' })).toBeTruthy();
    rerender(<LoadingBar active={false} label="Cargando" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
