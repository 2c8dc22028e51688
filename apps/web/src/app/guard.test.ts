import { describe, expect, it } from 'vitest';
import { decideGuard, homeTarget, nextSearchOf, safeNextPath } from './guard';

describe('decideGuard (spec §2)', () => {
  it('always allows the code screen', () => {
    expect(decideGuard({ pathname: '/code', hasOrgUrl: false, isSignedIn: false })).toBeNull();
    expect(decideGuard({ pathname: '/code', hasOrgUrl: true, isSignedIn: true })).toBeNull();
  });

  it('sends everything to /code while no organisation URL is stored', () => {
    expect(decideGuard({ pathname: '/login', hasOrgUrl: false, isSignedIn: false })).toBe('/code');
    expect(decideGuard({ pathname: '/highlights', hasOrgUrl: false, isSignedIn: false })).toBe('/code');
    expect(decideGuard({ pathname: '/', hasOrgUrl: false, isSignedIn: false })).toBe('/code');
  });

  it('keeps a deep link through the code screen when no school is chosen yet', () => {
    expect(decideGuard({ pathname: '/person/12', hasOrgUrl: false, isSignedIn: false })).toBe('/code?next=%2Fperson%2F12');
    expect(decideGuard({ pathname: '/people', search: '?tab=directory', hasOrgUrl: false, isSignedIn: false })).toBe(
      '/code?next=%2Fpeople%3Ftab%3Ddirectory',
    );
  });

  it('carries a sign-in link on to the code screen of a new device', () => {
    expect(decideGuard({ pathname: '/login', search: '?school=demo&token=abc', hasOrgUrl: false, isSignedIn: false })).toBe(
      '/code?school=demo&token=abc',
    );
  });

  it('allows the public routes once a school is known', () => {
    expect(decideGuard({ pathname: '/login', hasOrgUrl: true, isSignedIn: false })).toBeNull();
    expect(decideGuard({ pathname: '/login/', hasOrgUrl: true, isSignedIn: false })).toBeNull();
  });

  it('item 3 (issue 29): opens the mailed registration confirmation link on any device, signed in or not', () => {
    const link = { pathname: '/registration/link', search: '?school=demo&token=abc' };
    expect(decideGuard({ ...link, hasOrgUrl: false, isSignedIn: false })).toBeNull();
    expect(decideGuard({ ...link, hasOrgUrl: true, isSignedIn: false })).toBeNull();
    expect(decideGuard({ ...link, hasOrgUrl: true, isSignedIn: true, isRegistrationPending: true })).toBeNull();
    expect(safeNextPath('/registration/link?school=demo&token=abc')).toBe('/highlights');
  });

  it('sends a guest to /login, remembering where they wanted to go', () => {
    expect(decideGuard({ pathname: '/inbox', hasOrgUrl: true, isSignedIn: false })).toBe('/login?next=%2Finbox');
    expect(decideGuard({ pathname: '/', hasOrgUrl: true, isSignedIn: false })).toBe('/login');
  });

  it('lets a signed-in user through', () => {
    expect(decideGuard({ pathname: '/inbox', hasOrgUrl: true, isSignedIn: true })).toBeNull();
    expect(decideGuard({ pathname: '/no/such/page', hasOrgUrl: true, isSignedIn: true })).toBeNull();
  });

  it('keeps a family waiting for approval on its registration status screen', () => {
    const pending = { hasOrgUrl: true, isSignedIn: true, isRegistrationPending: true };
    expect(decideGuard({ pathname: '/people', ...pending })).toBe('/registration/status');
    expect(decideGuard({ pathname: '/highlights', ...pending })).toBe('/registration/status');
    expect(decideGuard({ pathname: '/login', ...pending })).toBe('/registration/status');
    expect(decideGuard({ pathname: '/registration/status', ...pending })).toBeNull();
    expect(decideGuard({ pathname: '/code', ...pending })).toBeNull();
    // Signed out (a refused or revoked token), the flag no longer matters.
    expect(decideGuard({ pathname: '/people', ...pending, isSignedIn: false })).toBe('/login?next=%2Fpeople');
  });

  it('only follows in-app next paths after sign-in', () => {
    expect(safeNextPath('/inbox')).toBe('/inbox');
    expect(safeNextPath('/people?tab=directory#top')).toBe('/people?tab=directory#top');
    expect(safeNextPath('//evil.example')).toBe('/highlights');
    expect(safeNextPath('https://evil.example')).toBe('/highlights');
    expect(safeNextPath(null)).toBe('/highlights');
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    '//evil.example/%2e%2e',
    '///evil.example',
    'evil.example',
    '',
  ])('refuses %j as a target (no open redirect)', (next) => {
    expect(safeNextPath(next)).toBe('/highlights');
    expect(nextSearchOf(next)).toBe('');
  });

  it('never makes a public screen, or home, the target', () => {
    for (const next of ['/login', '/login?next=/people', '/code', '/registration/status', '/', '/highlights']) expect(nextSearchOf(next)).toBe('');
  });
});

describe('homeTarget: where / leads', () => {
  it('sends a guest straight to the code or sign-in screen, a pending family to its status, others home', () => {
    expect(homeTarget({ hasOrgUrl: false, isSignedIn: false })).toBe('/code');
    expect(homeTarget({ search: '?next=%2Finbox', hasOrgUrl: false, isSignedIn: false })).toBe('/code');
    expect(homeTarget({ hasOrgUrl: true, isSignedIn: false })).toBe('/login');
    expect(homeTarget({ hasOrgUrl: true, isSignedIn: true, isRegistrationPending: true })).toBe('/registration/status');
    expect(homeTarget({ hasOrgUrl: true, isSignedIn: true })).toBe('/highlights');
  });
});
