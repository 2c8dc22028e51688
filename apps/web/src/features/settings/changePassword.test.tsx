import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { makeToken } from '../../test/makeToken';

const now = Math.floor(Date.now() / 1000);
const OLD = makeToken({ sub: '3', uid: 3, org: 'demo', sid: 11, iat: now, exp: now + 3600 });
const NEW = makeToken({ sub: '3', uid: 3, org: 'demo', sid: 12, iat: now, exp: now + 3600 });
const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: OLD });
const person = { id: 3, firstName: 'Ana', lastName: 'Ruiz', lastName2: null, avatar: null, email: 'ana.ruiz@example.com', language: 'es' };
const session = (id: number, current: boolean) => ({
  id, platform: 'Linux', model: 'Chrome 131', createdAt: '2026-03-02T10:00:00.000Z', lastUsedAt: '2026-03-02T10:00:00.000Z', expiresAt: '2026-04-02T10:00:00.000Z', current,
});
const bearer = (call: StubCall) => new Headers(call.init?.headers).get('Authorization');
const passwordCalls = (calls: StubCall[]) => calls.filter((c) => c.method === 'POST' && c.url === `${BASE}people/3/password`);
const STRONG = 'ventana lluvia cometa naranja';

/** The settings screen of person 3, with the password endpoint answering `answer`. */
async function openSettings(answer: (call: StubCall) => StubAnswer, more: Record<string, (call: StubCall) => StubAnswer> = {}) {
  const stub = stubFetch(BASE, { 'GET people/3': { body: person }, 'GET sessions': { body: [session(11, true)] }, 'POST people/3/password': answer, ...more });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/settings', session: signedIn() });
  const section = await screen.findByRole('region', { name: 'Contraseña' }, { timeout: 20_000 });
  return { ...stub, ...app, section };
}

function fill(section: HTMLElement, current: string, next: string, confirmation = next): void {
  fireEvent.change(within(section).getByLabelText('Contraseña actual'), { target: { value: current } });
  fireEvent.change(within(section).getByLabelText('Contraseña nueva'), { target: { value: next } });
  fireEvent.change(within(section).getByLabelText('Repite la contraseña nueva'), { target: { value: confirmation } });
  fireEvent.click(within(section).getByRole('button', { name: 'Cambiar la contraseña' }));
}

describe('changing one\'s own password in settings', { timeout: 30_000 }, () => {
  it('item 2: a password change switches this device to the new token and says the other devices were signed out', async () => {
    let changed = false;
    // As the server: once the password changed, the old token is revoked everywhere.
    const revokedAfterChange = (answer: StubAnswer) => (call: StubCall): StubAnswer =>
      changed && bearer(call) === `Bearer ${OLD}` ? { status: 401, body: { error: 'token_revoked', message: 'This session has ended' } } : answer;
    const { section, calls, services, router } = await openSettings(
      (call) => {
        changed = true;
        expect(JSON.parse(String(call.init?.body))).toEqual({ currentPassword: 'demo1234', newPassword: STRONG });
        return { body: { access_token: NEW, token_type: 'bearer', expires_in: 3600 } };
      },
      {
        'GET people/3': revokedAfterChange({ body: person }),
        'GET sessions': (call) => revokedAfterChange({ body: changed ? [session(12, true)] : [session(11, true)] })(call),
      },
    );
    expect(within(section).getByLabelText('Contraseña actual').getAttribute('autocomplete')).toBe('current-password');
    expect(within(section).getByLabelText('Contraseña nueva').getAttribute('autocomplete')).toBe('new-password');

    fill(section, 'demo1234', STRONG);
    expect((await within(section).findByRole('status')).textContent).toMatch(/Se cerró la sesión en tus otros dispositivos/);
    expect(services.store.getState().token).toBe(NEW);
    expect(router.state.location.pathname).toBe('/settings');
    // Nothing went out with the revoked token after the change, and the devices list was read again.
    const after = calls.slice(calls.indexOf(passwordCalls(calls)[0]) + 1);
    expect(after.filter((c) => bearer(c) === `Bearer ${OLD}`)).toEqual([]);
    await waitFor(() => expect(after.some((c) => c.method === 'GET' && c.url === `${BASE}sessions` && bearer(c) === `Bearer ${NEW}`)).toBe(true));
    // The fields are empty again.
    for (const label of ['Contraseña actual', 'Contraseña nueva', 'Repite la contraseña nueva']) {
      expect((within(section).getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
  });

  it('item 2: a wrong current password is said on that field, and too many tries as a notice', async () => {
    let tries = 0;
    const { section, calls, services } = await openSettings(() =>
      ++tries === 1
        ? { status: 400, body: { error: 'wrong_password', message: 'The current password is not right' } }
        : { status: 429, body: { error: 'too_many_requests', message: 'Too many attempts' } },
    );
    fill(section, 'not my password', STRONG);
    const current = within(section).getByLabelText('Contraseña actual');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(within(section).getByText('La contraseña actual no es correcta')).toBeTruthy();
    expect(within(section).getByLabelText('Contraseña nueva').getAttribute('aria-invalid')).toBeNull();
    expect(services.store.getState().token).toBe(OLD);
    expect(within(section).queryByRole('status')).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Cambiar la contraseña' }));
    await waitFor(() => expect(within(section).getByText(/Demasiados intentos fallidos/)).toBeTruthy());
    expect(current.getAttribute('aria-invalid')).toBeNull();
    expect(passwordCalls(calls)).toHaveLength(2);
  });

  it('item 2: a new password the policy refuses shows the policy message on the new field', async () => {
    const { section, calls, services } = await openSettings(() => ({
      status: 400,
      body: { error: 'invalid_password', message: 'This password is too common', details: [{ path: 'password', code: 'password_common', message: 'This password is too common' }] },
    }));
    // Refused before sending: too short.
    fill(section, 'demo1234', 'corta');
    expect(await within(section).findByText('La contraseña debe tener al menos 10 caracteres')).toBeTruthy();
    expect(passwordCalls(calls)).toHaveLength(0);

    // Refused by the server.
    fill(section, 'demo1234', STRONG);
    await waitFor(() => expect(within(section).getByText('Esta contraseña es demasiado común; elige otra')).toBeTruthy());
    expect(within(section).getByLabelText('Contraseña nueva').getAttribute('aria-invalid')).toBe('true');
    expect(passwordCalls(calls)).toHaveLength(1);
    expect(services.store.getState().token).toBe(OLD);
  });
});
