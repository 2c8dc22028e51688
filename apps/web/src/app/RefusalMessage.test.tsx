import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadDictionary } from '@patio/core/i18n/index';
import { validToken } from '../test/makeToken';
import { renderApp } from '../test/renderApp';
import { BASE, stubFetch } from '../test/fetchStub';

const session = (language = 'es-CO') => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language, token: validToken(1) });
const refused = { status: 403, body: { error: 'forbidden', message: 'You are not allowed to do this' } };
const missing = { status: 404, body: { error: 'not_found', message: 'Not found' } };

// Issue 8: a refusal says why in words that fit what was asked for, chosen by the route.
describe('refusal wording per resource', { timeout: 20_000 }, () => {
  it('speaks of the administrators’ area on an administrators’ screen', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET registrations?status=pending': refused }).fetchMock);
    await renderApp({ path: '/registrations', session: session() });
    expect(await screen.findByRole('heading', { name: 'Esta sección es para administradores' })).toBeTruthy();
    expect(screen.queryByText(/la persona, su familia/)).toBeNull();
  });

  it('keeps the privacy wording for a person', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET people/20': refused }).fetchMock);
    await renderApp({ path: '/person/20', session: session() });
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esto' })).toBeTruthy();
    expect(screen.getByText(/la persona, su familia/)).toBeTruthy();
  });

  it('names a missing group as a group, in the person’s language', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET nodes/99': missing, 'GET node-types': { body: [] }, 'POST allowed': { body: {} } }).fetchMock);
    await renderApp({ path: '/nodes/99', session: session('fr') });
    expect(await screen.findByRole('heading', { name: 'Groupe introuvable' })).toBeTruthy();
  });

  it('has every text of every resource in all six languages', async () => {
    const reference = (await loadDictionary('es')).refusal as Record<string, Record<string, string>>;
    expect(Object.keys(reference).sort()).toEqual(['admin', 'group', 'groups', 'import', 'page', 'person']);
    for (const language of ['en', 'de', 'fr', 'it', 'pt'] as const) {
      const refusal = (await loadDictionary(language)).refusal as Record<string, Record<string, string>>;
      for (const [kind, texts] of Object.entries(reference)) {
        for (const [key, spanish] of Object.entries(texts)) {
          expect(refusal[kind][key], `${language} refusal.${kind}.${key}`).toBeTruthy();
          expect(refusal[kind][key], `${language} refusal.${kind}.${key} is translated`).not.toBe(spanish);
        }
      }
    }
  });
});
