import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, buildAvatar, buildPersonAvatar, getInitials, getPersonInitials, hasAvatar } from './avatar';

describe('getInitials', () => {
  it.each([
    ['Ana María Gómez', 'AG'],
    ['ana gómez', 'AG'],
    ['Ana', 'A'],
    ['  ', ''],
    ['', ''],
    [null, ''],
    ['Gómez Ruiz, Ana', 'AR'],
    ['Ángela Ñúñez', 'ÁÑ'],
    ["(Luis) O'Brien", 'LO'],
    ['- Ana', 'A'],
  ])('%j → %j', (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });

  it('takes a person initials from first name and first last name', () => {
    expect(getPersonInitials({ firstName: 'ana', lastName: 'de la Cruz' })).toBe('AD');
    expect(getPersonInitials({ firstName: 'Ana', lastName: '' })).toBe('A');
  });
});

describe('hasAvatar', () => {
  it.each([
    ['https://cdn.school.co/people/3/photo.jpg', true],
    ['data:image/png;base64,AAAA', true],
    ['/img/default-avatar.png', false],
    ['https://x.co/assets/DEFAULT_AVATAR.PNG?v=2', false],
    ['https://x.co/img/no-avatar.svg', false],
    ['https://x.co/img/avatar-default.jpg#x', false],
    ['https://x.co/img/my-default-avatar-photo.png', true],
    ['', false],
    ['   ', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (url, expected) => {
    expect(hasAvatar(url)).toBe(expected);
  });
});

describe('buildAvatar', () => {
  it('applies the defaults: size 42, square with radius 6', () => {
    const avatar = buildAvatar({ id: 7, name: 'Ana Gómez' });
    expect(avatar).toEqual({
      size: 42,
      shape: 'square',
      radius: 6,
      src: null,
      initials: 'AG',
      label: 'Ana Gómez',
      background: AVATAR_COLORS[1],
      color: '#FFFFFF',
    });
  });

  it('rounds circles to half the size', () => {
    expect(buildAvatar({ id: 1, name: 'A', shape: 'circle', size: 64 }).radius).toBe(32);
  });

  it('shows the picture only when it is a real one', () => {
    expect(buildAvatar({ id: 1, name: 'A', src: ' /files/p.jpg ' }).src).toBe('/files/p.jpg');
    expect(buildAvatar({ id: 1, name: 'A', src: '/img/default-avatar.png' }).src).toBeNull();
  });

  it('uses black text on the light colours', () => {
    expect(buildAvatar({ id: 4, name: 'A' }).color).toBe('#000000');
  });

  it.each(['', '   '])('throws for the empty name %j', (name) => {
    expect(() => buildAvatar({ id: 1, name })).toThrow('Avatar name must not be empty');
  });

  it.each(['rounded', 'CIRCLE', ''])('throws for the shape %j', (shape) => {
    expect(() => buildAvatar({ id: 1, name: 'A', shape })).toThrow(/Invalid avatar shape/);
  });

  it.each([0, -5, Number.NaN])('throws for the size %d', (size) => {
    expect(() => buildAvatar({ id: 1, name: 'A', size })).toThrow(/Invalid avatar size/);
  });
});

describe('buildPersonAvatar', () => {
  it('labels with the full name and initials from first and last name', () => {
    const avatar = buildPersonAvatar({ id: 12, firstname: 'luis', lastname: 'pérez', lastname2: 'díaz', avatar: null });
    expect(avatar.label).toBe('luis pérez díaz');
    expect(avatar.initials).toBe('LP');
    expect(avatar.background).toBe(AVATAR_COLORS[0]);
  });

  it('throws for a person without names', () => {
    expect(() => buildPersonAvatar({ id: 1, firstName: '', lastName: '' })).toThrow('Avatar name must not be empty');
  });
});
