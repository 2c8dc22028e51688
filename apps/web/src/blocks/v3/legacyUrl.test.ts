import { describe, expect, it } from 'vitest';
import { isLegacyModuleUrl, legacyHostOf, legacyRequestOf } from './legacyUrl';

describe('legacy host', () => {
  it('drops the api part of the school API base (spec §7)', () => {
    expect(legacyHostOf('http://school.test/api/demo/')).toBe('http://school.test/demo/');
    expect(legacyHostOf('https://patio.example/api/norte')).toBe('https://patio.example/norte/');
    expect(legacyHostOf('https://api.colegio.example/demo/')).toBe('https://colegio.example/demo/');
  });

  it("prefers the school's legacyHost setting when it is a web address", () => {
    expect(legacyHostOf('http://school.test/api/demo/', 'https://legacy.colegio.example/v3')).toBe('https://legacy.colegio.example/v3/');
    expect(legacyHostOf('http://school.test/api/demo/', 'javascript:alert(1)')).toBe('http://school.test/demo/');
    expect(legacyHostOf('http://school.test/api/demo/', '')).toBe('http://school.test/demo/');
    expect(legacyHostOf('http://school.test/api/demo/', 42)).toBe('http://school.test/demo/');
  });
});

describe('legacy module url', () => {
  it.each(['modulos/pagos', 'modulos/pagos?persona=12&periodo=2026', '/modulos/pagos', 'https://legacy.colegio.example/modulos/x'])('accepts %s', (url) => {
    expect(isLegacyModuleUrl(url)).toBe(true);
  });

  it.each([
    ['a parent folder', 'modulos/../../admin'],
    ['an encoded parent folder', 'modulos/%2e%2e/admin'],
    ['a host-relative address', '//evil.example/x'],
    ['plain http', 'http://legacy.colegio.example/x'],
    ['a script address', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['a NUL byte', 'modulos/\u0000x'],
    ['a backslash', 'modulos\\..\\x'],
    ['spaces', 'modulos/pagos y más'],
    ['nothing', ''],
  ])('refuses %s', (_case, url) => {
    expect(isLegacyModuleUrl(url)).toBe(false);
  });

  it('sends the token to the legacy host only', () => {
    const host = 'http://school.test/demo/';
    expect(legacyRequestOf(host, 'modulos/pagos?x=1')).toEqual({ url: 'http://school.test/demo/modulos/pagos?x=1', withToken: true });
    expect(legacyRequestOf(host, '/modulos/pagos')).toEqual({ url: 'http://school.test/demo/modulos/pagos', withToken: true });
    expect(legacyRequestOf(host, 'https://other.example/modulo')).toEqual({ url: 'https://other.example/modulo', withToken: false });
    expect(legacyRequestOf(host, '../api/demo/people')).toBeNull();
  });
});
