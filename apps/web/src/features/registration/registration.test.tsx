import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';
import { emptyRegistration, passwordInputsOf, validateRegistration } from './registrationForm';

const guest = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: null });
const info = { body: { enabled: true, courses: [{ id: 11, name: '7A' }, { id: 12, name: '3A' }] } };
const STRONG = 'lámpara-tejado-ciruela-42';

/** Fills the parent and the first child as a family would. */
function fillFamily(password: string): void {
  const type = (label: string, value: string, index = 0) => fireEvent.change(screen.getAllByLabelText(label)[index], { target: { value } });
  type('Nombres', 'Laura');
  type('Primer apellido', 'Ruiz');
  type('Documento', '52000111');
  type('Fecha de nacimiento', '1985-02-03');
  type('Correo electrónico', 'laura@example.com');
  type('Contraseña', password);
  type('Repite la contraseña', password);
  type('Nombres', 'Sofía', 1);
  type('Primer apellido', 'Pérez', 1);
  type('Documento', '1020304050', 1);
  type('Fecha de nacimiento', '2013-04-09', 1);
  fireEvent.change(screen.getByLabelText('Curso'), { target: { value: '11' } });
}

describe('registration', () => {
  it('checks every §5 rule with its code', () => {
    const form = { ...emptyRegistration(), email: 'sin-arroba', password: 'a', passwordConfirmation: 'b', children: [] };
    expect(validateRegistration(form)).toEqual({
      firstName: 'first_name_required',
      lastName: 'last_name_required',
      document: 'document_required',
      birthday: 'birthday_required',
      email: 'email_invalid',
      passwordConfirmation: 'passwords_mismatch',
      children: 'children_required',
    });
    expect(validateRegistration({ ...emptyRegistration(), password: '' })).toMatchObject({ email: 'email_required', password: 'password_required', 'children.0.course': 'course_required' });
  });

  it('shows the §5 messages in Spanish before sending anything', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET registration': info });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/register', session: guest() });
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar registro' }));
    expect((await screen.findAllByText('Debes escribir un nombre')).length).toBe(2);
    expect(screen.getAllByText('Debes escribir un apellido').length).toBe(2);
    expect(screen.getAllByText('Debes escribir un documento').length).toBe(2);
    expect(screen.getAllByText('Debes elegir una fecha').length).toBe(2);
    expect(screen.getByText('Debes escribir un correo')).toBeTruthy();
    expect(screen.getByText('Debes escribir una contraseña')).toBeTruthy();
    expect(screen.getByText('Debes seleccionar un curso')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar hijo 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar registro' }));
    expect(await screen.findByText('Debes elegir al menos un hijo')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  }, 20_000);

  it('maps the server’s 400 details to their fields, then shows the check-your-email screen', async () => {
    let attempt = 0;
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET registration': info,
      'POST registration': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 400, body: { error: 'invalid_registration', message: 'Invalid', details: [{ path: 'children[0].lastName', code: 'invalid_characters', message: 'Remove the invisible or control characters' }] } }
          : { status: 202, body: { email: 'laura@example.com', status: 'email_verification_pending' } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/register', session: guest() });
    await screen.findByRole('button', { name: 'Enviar registro' });
    fillFamily(STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar registro' }));
    expect(await screen.findByText('Quita los caracteres invisibles o de control')).toBeTruthy();
    const sent = JSON.parse(String(calls.find((c) => c.method === 'POST')?.init?.body));
    expect(sent).toMatchObject({ email: 'laura@example.com', passwordConfirmation: STRONG, course: 11, children: [{ firstName: 'Sofía', course: 11, birthday: '2013-04-09' }] });

    fireEvent.click(screen.getByRole('button', { name: 'Enviar registro' }));
    // The status screen is a chunk of its own: on a busy machine it can take more than the default second.
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/Si laura@example.com puede usarse para un registro, te enviamos un enlace/)).toBeTruthy();
  }, 20_000);

  it('shows a live strength meter with translated advice and refuses a weak password before sending', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET registration': info });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/register', session: guest() });
    await screen.findByRole('button', { name: 'Enviar registro' });
    fillFamily('aaaaaaaaaaaa');
    const meter = await screen.findByRole('meter', { name: 'Seguridad de la contraseña' });
    expect(meter.getAttribute('aria-valuetext')).toBe('Muy débil');
    expect(screen.getByText('Los caracteres repetidos como «aaa» son fáciles de adivinar.')).toBeTruthy();
    expect(screen.getByText('Evita palabras y caracteres repetidos.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar registro' }));
    expect(await screen.findByText('Esta contraseña es fácil de adivinar; agrega más palabras o caracteres')).toBeTruthy();
    expect(screen.getByLabelText('Contraseña').getAttribute('aria-invalid')).toBe('true');

    // The person's own data never makes a strong password, and a short one is refused by its length.
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Laura1985' } });
    await waitFor(() => expect(screen.getByText('La contraseña debe tener al menos 10 caracteres')).toBeTruthy());

    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: STRONG } });
    await waitFor(() => expect(['Fuerte', 'Muy fuerte']).toContain(screen.getByRole('meter').getAttribute('aria-valuetext')));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  }, 20_000);

  it('answers the very same check-your-email screen for an address that is already registered', async () => {
    // The server no longer says "email taken": it answers 202 and mails the address owner instead.
    const { fetchMock } = stubFetch(BASE, { 'GET registration': info, 'POST registration': { status: 202, body: { email: 'laura@example.com', status: 'email_verification_pending' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/register', session: guest() });
    await screen.findByRole('button', { name: 'Enviar registro' });
    fillFamily(STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar registro' }));
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeTruthy();
    expect(screen.queryByText(/ya está en uso|ya está registrado/)).toBeNull();
  }, 20_000);

  it('refuses names that hide control or invisible characters', () => {
    const form = { ...emptyRegistration(), firstName: 'Lau\u202Era', lastName: 'Ruiz\u200B' };
    expect(validateRegistration(form)).toMatchObject({ firstName: 'invalid_characters', lastName: 'invalid_characters' });
    expect(passwordInputsOf({ ...form, document: '52000111', email: 'laura@example.com' })).toEqual(expect.arrayContaining(['52000111', 'laura@example.com', 'laura']));
  });

  it('opens the emailed link on a device that has no school yet, finding the school by its code', async () => {
    const directory = new URL('/api/directory/demo', window.location.origin).href;
    const { fetchMock, calls } = stubFetch(BASE, {
      [`GET ${directory}`]: { body: { code: 'demo', title: 'Colegio Demo', logo: null, url: BASE } },
      'POST registration/verify': { body: { verified: true, status: 'approved' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/registration/verify?school=demo&token=xyz' });
    expect(await screen.findByText(/registro está aprobado/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/registration/verify');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(`POST ${BASE}registration/verify`);
  });

  it('lets a guest of a known school open /register without signing in', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET registration': { body: { enabled: false, courses: [] } } }).fetchMock);
    const { router } = await renderApp({ path: '/register', session: guest() });
    expect(await screen.findByText(/no tiene abierto el registro de familias/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('verifies the emailed link and says what happens next', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'POST registration/verify': { body: { verified: true, status: 'pending' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/registration/verify?school=demo&token=abc', session: guest() });
    expect(
      await screen.findByText(
        'Tu correo quedó confirmado y ya puedes iniciar sesión. El colegio revisará la matrícula de tus hijos y te escribirá por correo con su decisión.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.init?.body))).toEqual({ token: 'abc' });
  });
});
