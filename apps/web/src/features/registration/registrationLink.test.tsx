import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const session = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: null });
const info = {
  firstName: 'Elena',
  registrant: { firstName: 'Marta', lastName: 'Ruiz', email: 'marta@example.com' },
  children: ['Lucía Vargas'],
  registeredAt: '2026-03-02T15:00:00.000Z',
  expiresAt: '2026-03-04T15:00:00.000Z',
};

describe('the page of a registration confirmation link', () => {
  it('item 3: shows who registered and confirms only when the person answers yes', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST registration/link/check': { body: info },
      'POST registration/link': { body: { status: 'confirmed' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/registration/link?school=demo&token=abc', session: session() });
    expect(await screen.findByRole('heading', { level: 1, name: '¿Este registro es tuyo?' })).toBeTruthy();
    expect(await screen.findByText('Marta Ruiz')).toBeTruthy();
    expect(screen.getByText('marta@example.com')).toBeTruthy();
    expect(screen.getByText('Lucía Vargas')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('registration/link'))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Sí, soy yo' }));
    expect(await screen.findByText('Gracias. El registro quedó unido a tus datos en el colegio.')).toBeTruthy();
    const answer = calls.find((c) => c.url.endsWith('registration/link'))!;
    expect(JSON.parse(String(answer.init!.body))).toEqual({ token: 'abc', answer: 'confirm' });
  });

  it('item 3: says clearly when a link is forged, used or expired', async () => {
    for (const [error, status, text] of [
      ['invalid_link_token', 400, 'Este enlace no es válido. Abre el enlace completo del correo.'],
      ['link_used', 409, 'Este enlace ya fue respondido.'],
      ['link_expired', 410, 'Este enlace venció. Pide al colegio que te envíe otro.'],
    ] as const) {
      vi.stubGlobal('fetch', stubFetch(BASE, { 'POST registration/link/check': { status, body: { error, message: error } } }).fetchMock);
      const { unmount } = await renderApp({ path: '/registration/link?school=demo&token=abc', session: session() });
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Sí, soy yo' })).toBeNull();
      unmount();
    }
  });
});
