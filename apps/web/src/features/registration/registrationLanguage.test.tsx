import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const guest = { url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: null };
const info = { body: { enabled: true, courses: [{ id: 11, name: '7A' }] } };
const STRONG = 'lámpara-tejado-ciruela-42';

describe('registering in the language picked before sign-in', () => {
  it('keeps what was typed through a language switch and registers the family in the language on screen', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-CH', 'de']);
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET registration': info,
      'POST registration': { status: 202, body: { email: 'laura@example.com', status: 'email_verification_pending' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/register', session: guest });
    expect(await screen.findByRole('heading', { name: 'Anmeldung für Familien' })).toBeTruthy();
    fireEvent.change(screen.getAllByLabelText('Vornamen')[0], { target: { value: 'Laura' } });

    fireEvent.change(screen.getByRole('combobox', { name: 'Sprache' }), { target: { value: 'fr' } });
    expect(await screen.findByRole('heading', { name: 'Inscription des familles' })).toBeTruthy();
    expect((screen.getAllByLabelText('Prénoms')[0] as HTMLInputElement).value).toBe('Laura');

    const type = (label: string, value: string, index = 0) => fireEvent.change(screen.getAllByLabelText(label)[index], { target: { value } });
    type('Nom', 'Ruiz');
    type('Pièce d’identité', '52000111');
    type('Date de naissance', '1985-02-03');
    type('E-mail', 'laura@example.com');
    type('Mot de passe', STRONG);
    type('Répétez le mot de passe', STRONG);
    type('Prénoms', 'Sofía', 1);
    type('Nom', 'Pérez', 1);
    type('Pièce d’identité', '1020304050', 1);
    type('Date de naissance', '2013-04-09', 1);
    fireEvent.change(screen.getByLabelText('Classe'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer l’inscription' }));

    expect(await screen.findByRole('heading', { name: 'Consultez vos e-mails' })).toBeTruthy();
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')?.init?.body));
    expect(body).toMatchObject({ firstName: 'Laura', lastName: 'Ruiz', language: 'fr' });
  }, 20_000);

  it('opens /register in the browser’s language when nothing was picked', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pt-BR']);
    const { fetchMock } = stubFetch(BASE, { 'GET registration': info });
    vi.stubGlobal('fetch', fetchMock);
    const { services } = await renderApp({ path: '/register', session: guest });
    expect(await screen.findByRole('heading', { name: 'Registo de famílias' })).toBeTruthy();
    expect(services.store.getState().language).toBe('pt');
    expect(document.documentElement.lang).toBe('pt');
  });
});
