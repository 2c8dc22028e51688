import { describe, expect, it } from 'vitest';
import { checkPassword, isCommonPassword } from './passwordPolicy';

describe('checkPassword', () => {
  it('refuses passwords shorter than 10 characters', () => {
    expect(checkPassword('Xq7#pLm2').problem).toBe('password_too_short');
  });

  it('refuses common passwords whatever their case', () => {
    expect(isCommonPassword('Password123')).toBe(true);
    expect(checkPassword('PASSWORD123').problem).toBe('password_common');
  });

  it('refuses long but guessable passwords and ones built from the person\u2019s own data', () => {
    expect(checkPassword('aaaaaaaaaaaa').problem).toBe('password_weak');
    expect(checkPassword('martagomez', ['marta', 'gomez']).problem).toBe('password_weak');
  });

  it('accepts a long unguessable password and gives feedback keys otherwise', () => {
    const strong = checkPassword('lámpara-tejado-ciruela-42');
    expect(strong).toMatchObject({ ok: true, problem: null });
    expect(strong.score).toBeGreaterThanOrEqual(3);
    const weak = checkPassword('qwertyuiop');
    expect(weak.ok).toBe(false);
    expect(weak.warning).toEqual(expect.any(String));
  });
});
