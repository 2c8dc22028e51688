import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitInBox, renditionBox, renditionFor } from './imageSize';
import { watchViewerIdle } from './viewerIdle';

describe('gallery image size (spec §4, §9)', () => {
  it('switches from the small to the large rendition at 1000 device pixels', () => {
    expect(renditionFor(390 * 2)).toBe('preview');
    expect(renditionFor(999)).toBe('preview');
    expect(renditionFor(1000)).toBe('large');
    expect(renditionFor(390 * 3)).toBe('large');
  });

  it('sizes the renditions 8x and 16x the 96 px thumbnail', () => {
    expect(renditionBox('preview')).toBe(768);
    expect(renditionBox('large')).toBe(1536);
  });

  it('fits an image in the box without enlarging it', () => {
    expect(fitInBox(4000, 3000, 768)).toEqual({ width: 768, height: 576 });
    expect(fitInBox(1000, 3000, 1536)).toEqual({ width: 512, height: 1536 });
    expect(fitInBox(300, 200, 768)).toEqual({ width: 300, height: 200 });
    expect(fitInBox(null, null, 768)).toEqual({ width: 768, height: 768 });
  });
});

describe('image viewer idle (spec §9)', () => {
  afterEach(() => vi.useRealTimers());

  const pointer = (type: string, pointerType = 'mouse') => Object.assign(new Event(type), { pointerType });

  it('hides the controls after 4 s without a mouse move, and 1 s after the pointer leaves', () => {
    vi.useFakeTimers();
    const root = document.createElement('div');
    root.classList.add('pswp--ui-visible');
    const stop = watchViewerIdle(root, { idleMs: 4000, leaveIdleMs: 1000 });
    vi.advanceTimersByTime(3999);
    expect(root.classList.contains('pswp--ui-visible')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(root.classList.contains('pswp--ui-visible')).toBe(false);

    root.dispatchEvent(pointer('pointermove'));
    expect(root.classList.contains('pswp--ui-visible')).toBe(true);
    vi.advanceTimersByTime(2000);
    root.dispatchEvent(pointer('pointerleave'));
    vi.advanceTimersByTime(999);
    expect(root.classList.contains('pswp--ui-visible')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(root.classList.contains('pswp--ui-visible')).toBe(false);

    // A key press wakes them too; touch is left to the viewer's own tap.
    root.dispatchEvent(new Event('keydown'));
    expect(root.classList.contains('pswp--ui-visible')).toBe(true);
    vi.advanceTimersByTime(4000);
    root.dispatchEvent(pointer('pointermove', 'touch'));
    expect(root.classList.contains('pswp--ui-visible')).toBe(false);

    stop();
    root.dispatchEvent(pointer('pointermove'));
    expect(root.classList.contains('pswp--ui-visible')).toBe(false);
  });
});
