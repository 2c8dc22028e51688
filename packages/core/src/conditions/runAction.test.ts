import { describe, expect, it, vi } from 'vitest';
import { runAction } from './runAction';

describe('runAction', () => {
  const context = { post: { id: 42 }, user: { isAdmin: true } };

  it('calls the named function with rendered params and the context', () => {
    const open = vi.fn(() => 'opened');
    const result = runAction({ action: 'navigation.open', params: { path: '/posts/{{ post.id }}' } }, { navigation: { open } }, context);
    expect(result).toEqual({ ran: true, value: 'opened' });
    expect(open).toHaveBeenCalledWith({ path: '/posts/42' }, context);
  });

  it('skips the action when its condition is false', () => {
    const fn = vi.fn();
    const result = runAction({ action: 'go', when: { op: 'eq', field: 'user.isAdmin', args: [false] } }, { go: fn }, context);
    expect(result).toEqual({ ran: false });
    expect(fn).not.toHaveBeenCalled();
  });

  it.each([
    ['null', null],
    ['a string', 'go'],
    ['no action name', { params: {} }],
    ['a blank action name', { action: '  ' }],
    ['a non-string action name', { action: 3 }],
  ])('throws Invalid action for %s', (_name, action) => {
    expect(() => runAction(action, { go: () => 1 }, context)).toThrow(new Error('Invalid action'));
  });

  it.each([
    ['an unknown module', 'missing.go'],
    ['an unknown function', 'nav.missing'],
    ['a value that is not a function', 'nav.value'],
    ['a module itself', 'nav'],
    ['an inherited property', 'nav.toString'],
    ['a malformed name', 'nav..go'],
  ])('throws Invalid function for %s', (_name, name) => {
    const registry = { nav: { go: () => 1, value: 5 } };
    expect(() => runAction({ action: name }, registry, context)).toThrow(new Error('Invalid function'));
  });

  it('checks the function before the condition', () => {
    expect(() => runAction({ action: 'x', when: { op: 'empty', field: 'a' } }, {}, context)).toThrow('Invalid function');
  });
});
