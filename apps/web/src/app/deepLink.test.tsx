import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BASE, stubFetch } from '../test/fetchStub';
import { validToken } from '../test/makeToken';
import { renderApp } from '../test/renderApp';

const DIRECTORY = `${window.location.origin}/api/directory/`;
const school = { code: 'demo', title: 'Colegio Los Andes', logo: null };
const person = (id: number, firstName: string) => ({ id, firstName, lastName: 'Ruiz', lastName2: null, avatar: null });

/** The school's answers a sign-in needs, and the profile the deep link opens. */
function schoolAnswers() {
  const token = validToken(7);
  const { fetchMock, calls } = stubFetch(BASE, {
    [`GET ${DIRECTORY}demo`]: { body: { ...school, url: BASE } },
    'POST oauth/token': { body: { access_token: token, token_type: 'bearer', expires_in: 3600 } },
    'POST oauth/login-token': { body: { access_token: token, token_type: 'bearer', expires_in: 3600 } },
    'GET people/7': { body: person(7, 'Ana') },
    'GET people/12': { body: person(12, 'Luis') },
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function signInWithPassword() {
  fireEvent.change(await screen.findByLabelText('Usuario'), { target: { value: 'parent' } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'demo1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('a deep link survives choosing the school and signing in', () => {
  it('goes from /people/12 through the code and sign-in screens to that person', async () => {
    schoolAnswers();
    const { router } = await renderApp({ path: '/people/12' });
    // people/12 (the API's path of a person) is the profile's address /person/12.
    await waitFor(() => expect(router.state.location.pathname).toBe('/code'));
    expect(router.state.location.search).toBe('?next=%2Fperson%2F12');
    fireEvent.change(await screen.findByLabelText('Código del colegio'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fperson%2F12');
    await signInWithPassword();
    await waitFor(() => expect(router.state.location.pathname).toBe('/person/12'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Luis Ruiz' })).toBeTruthy();
  }, 20_000);

  it('goes straight to /login when the school is known, and back after a sign-in link on a new device', async () => {
    const calls = schoolAnswers();
    const { router } = await renderApp({ path: '/login?school=demo&token=one-time-token-123&next=%2Fperson%2F12' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/person/12'));
    expect(calls.filter((c) => c.url.endsWith('oauth/login-token'))).toHaveLength(1);
  }, 20_000);

  it('keeps the target when the school is already chosen', async () => {
    schoolAnswers();
    const { router } = await renderApp({ path: '/person/12', session: { url: BASE, school, language: 'es-CO', token: null } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fperson%2F12');
    await signInWithPassword();
    await waitFor(() => expect(router.state.location.pathname).toBe('/person/12'));
  }, 20_000);

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', '/\t/evil.example'])(
    'never leaves the app for next=%j: it lands on the highlights',
    async (next) => {
      schoolAnswers();
      const { router } = await renderApp({ path: `/login?next=${encodeURIComponent(next)}`, session: { url: BASE, school, language: 'es-CO', token: null } });
      await signInWithPassword();
      await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
      expect(router.state.location.search).toBe('');
    },
    20_000,
  );

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example'])('drops next=%j on the code screen too', async (next) => {
    schoolAnswers();
    const { router } = await renderApp({ path: `/code?next=${encodeURIComponent(next)}` });
    fireEvent.change(await screen.findByLabelText('Código del colegio'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
  }, 20_000);
});
