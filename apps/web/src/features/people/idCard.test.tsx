import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PersonGroup } from '@patio/core/schemas/people';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';
import { currentEnrollment } from './IdCard';

const LOGO = 'http://school.test/api/demo/settings/appearance/logo/0123456789abcdef0123456789abcdef.png';
const SETTINGS = { title: 'Colegio Los Andes', color: '#E65100', logo: LOGO, signIn: { google: false, office: false, apple: false } };
const signedIn = (uid: number) => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(uid) });

const group = (
  nodeName: string,
  schoolYear: string | null,
  enrollmentStatus: PersonGroup['enrollmentStatus'] = 'active',
  role: PersonGroup['role'] = 'student',
  typeKey = 'class',
): PersonGroup => ({
  nodeId: nodeName.length,
  nodeName,
  typeKey,
  role,
  enrollmentStatus,
  outcome: null,
  schoolYear,
});

const SOFIA = {
  id: 4,
  firstName: 'Sofía',
  lastName: 'Pérez',
  lastName2: 'Ruiz',
  avatar: null,
  roles: ['student'],
  document: '1020304050',
  studentCode: 'S-0042',
  relatives: [{ id: 3, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null, kind: 'mother' }],
  groups: [group('6A', '2025', 'graduated'), group('7A', '2026'), group('Ruta 1', '2026', 'active', 'student', 'route')],
};
const LAURA = {
  id: 3,
  firstName: 'Laura',
  lastName: 'Ruiz',
  lastName2: null,
  avatar: null,
  roles: ['relative'],
  document: '52000111',
  relatives: [{ id: 4, firstName: 'Sofía', lastName: 'Pérez', lastName2: 'Ruiz', avatar: null, kind: 'daughter' }],
  groups: [],
};

async function openProfile(personId: number, uid: number, profile: object) {
  const { fetchMock } = stubFetch(BASE, { [`GET people/${personId}`]: { body: profile }, 'GET vue/settings': { body: SETTINGS } });
  vi.stubGlobal('fetch', fetchMock);
  return renderApp({ path: `/person/${personId}`, session: signedIn(uid) });
}

describe('the school ID card (issue 33 item 4)', { timeout: 30_000 }, () => {
  it("item 4: a parent opening their child's profile sees the card with the school's logo, name and colour, and the child's name, code, class and year", async () => {
    await openProfile(4, 3, SOFIA);
    const card = await screen.findByRole('article', { name: 'Carné escolar' });
    const logo = await within(card).findByRole('img', { name: 'Logo de Colegio Los Andes' });
    expect(logo.getAttribute('src')).toBe(LOGO);
    expect(within(card).getByText('Colegio Los Andes')).toBeTruthy();
    expect(within(card).getByText('Sofía Pérez Ruiz')).toBeTruthy();
    expect(within(card).getByText('Código estudiantil').nextElementSibling?.textContent).toBe('S-0042');
    // Only the current year's class: last year's (graduated from) and the bus route stay in the groups list.
    expect(within(card).getByText('Curso').nextElementSibling?.textContent).toBe('7A');
    expect(within(card).getByText('Año escolar').nextElementSibling?.textContent).toBe('2026');
    expect(within(card).queryByText(/6A|Ruta 1/)).toBeNull();
    // The band is the school colour darkened exactly as the app bar's, so white text reads at 4.5:1.
    const band = card.querySelector('header')!;
    // (An orange that white text reads on at 3.8:1 only: darkened, not the colour as set.)
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--school-bar')).not.toBe(''));
    expect(band.style.background).toBe(document.documentElement.style.getPropertyValue('--school-bar'));
    expect(band.style.background).not.toBe('#E65100');
  });

  it('item 4: the card prints alone through its print button', async () => {
    await openProfile(4, 4, SOFIA);
    const card = await screen.findByRole('article', { name: 'Carné escolar' });
    expect(document.documentElement.dataset.printOnly).toBe('id-card');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
    expect(card.contains(screen.getByRole('button', { name: 'Imprimir' }))).toBe(false);
  });

  it("item 4: a parent's own profile shows no card, nor does a student's public card", async () => {
    const view = await openProfile(3, 3, LAURA);
    expect(await screen.findByRole('heading', { level: 2, name: 'Laura Ruiz' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Carné escolar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).toBeNull();
    expect(document.documentElement.dataset.printOnly).toBeUndefined();
    view.unmount();

    // Another family sees only the student's public card (no groups): no ID card either.
    await openProfile(4, 9, { id: 4, firstName: 'Sofía', lastName: 'Pérez', lastName2: 'Ruiz', avatar: null, roles: ['student'] });
    expect(await screen.findByRole('heading', { level: 2, name: 'Sofía Pérez Ruiz' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Carné escolar' })).toBeNull();
  });

  it('item 4: the card uses the document when the school keeps no student code, with every current class', async () => {
    const view = await openProfile(4, 3, { ...SOFIA, studentCode: null, groups: [group('7A', null), group('Séptimo', null, null, 'student', 'grade'), group('8A', null, 'pending')] });
    const card = await screen.findByRole('article', { name: 'Carné escolar' });
    expect(within(card).getByText('Documento').nextElementSibling?.textContent).toBe('1020304050');
    expect(within(card).getByText('Cursos').nextElementSibling?.textContent).toBe('7A · Séptimo');
    expect(within(card).queryByText('Año escolar')).toBeNull();
    view.unmount();
  });
});

describe('currentEnrollment', () => {
  it('keeps the classes and grades of the latest active year, not teaching roles, teams or past enrollments', () => {
    expect(
      currentEnrollment([group('6A', '2025-2026'), group('7A', '2026-2027'), group('8B', '2026-2027', 'withdrawn'), group('Física', '2026-2027', null, 'teacher'), group('Fútbol', '2026-2027', 'active', 'student', 'team')]),
    ).toEqual({
      groups: ['7A'],
      schoolYear: '2026-2027',
    });
    expect(currentEnrollment([])).toEqual({ groups: [], schoolYear: null });
  });
});
