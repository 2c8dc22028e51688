import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

// The screens before sign-in speak the school's default language to a browser that speaks none of
// Patio's six (issue 33 item 4); a browser that speaks one keeps it.

const chosenSchool = { url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: null };
const settings = (language: string) => ({ title: 'Colegio Demo', color: '#1C89B8', logo: null, signIn: { google: false, office: false, apple: false }, language });

describe("the school's language before sign-in", { timeout: 30_000 }, () => {
  it("item 4: /login turns to the school's language (en) for a Japanese browser", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP', 'ja']);
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET vue/settings': { body: settings('en') } }).fetchMock);
    await renderApp({ path: '/login', session: chosenSchool });
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it("item 4: a German browser keeps German at a school whose language is English", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET vue/settings': { body: settings('en') } }).fetchMock);
    await renderApp({ path: '/login', session: chosenSchool });
    expect(await screen.findByLabelText('Benutzername')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.documentElement.lang).toBe('de');
  });
});
