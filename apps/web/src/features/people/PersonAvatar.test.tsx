import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonAvatar } from './PersonAvatar';

const signed = '/api/demo/files/avatars/12-0123456789abcdef0123456789abcdef.webp?expires=1800000000&signature=abc_-123';
const person = (avatar: string | null) => ({ id: 12, firstName: 'Ana', lastName: 'Ruiz', lastName2: null, avatar, roles: [] });
const srcOf = (container: HTMLElement) => container.querySelector('img')?.getAttribute('src');

describe('PersonAvatar', () => {
  it('item 9: shows a signed avatar URL, asking for the thumbnail when drawn small', () => {
    expect(srcOf(render(<PersonAvatar person={person(signed)} size={42} />).container)).toBe(`${signed}&size=thumb`);
    expect(srcOf(render(<PersonAvatar person={person(signed)} size={120} />).container)).toBe(signed);
  });

  it('leaves pictures hosted elsewhere alone and draws initials without one', () => {
    const external = 'https://cdn.example.com/ana.png';
    expect(srcOf(render(<PersonAvatar person={person(external)} size={42} />).container)).toBe(external);
    const { container } = render(<PersonAvatar person={person(null)} size={42} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('AR');
  });
});
