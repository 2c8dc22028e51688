import { describe, expect, it, vi } from 'vitest';
import { decideBack } from './decideBack';

describe('decideBack (spec §2 mobile back button)', () => {
  it('does nothing when the page handler returns false', () => {
    expect(decideBack({ pageHandler: () => false, exitOnBack: true })).toBe('none');
    expect(decideBack({ pageHandler: () => false, exitOnBack: false })).toBe('none');
  });

  it('exits on an exit-on-back route when no handler stops it', () => {
    expect(decideBack({ exitOnBack: true })).toBe('exit');
    expect(decideBack({ pageHandler: () => true, exitOnBack: true })).toBe('exit');
    expect(decideBack({ pageHandler: () => undefined, exitOnBack: true })).toBe('exit');
  });

  it('goes back one step elsewhere', () => {
    expect(decideBack({ exitOnBack: false })).toBe('back');
    expect(decideBack({ pageHandler: null, exitOnBack: false })).toBe('back');
  });

  it('asks the page handler exactly once', () => {
    const handler = vi.fn(() => true);
    decideBack({ pageHandler: handler, exitOnBack: false });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
