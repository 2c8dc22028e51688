import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { es } from '@patio/core/i18n/es';
import type { SsoProviderSettings } from '@patio/core/schemas/singleSignOn';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const admin = { url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(1) };

const provider = (name: SsoProviderSettings['provider']): SsoProviderSettings => ({
  provider: name,
  available: false,
  enabled: true,
  clientId: null,
  hasClientSecret: false,
  issuer: null,
  effectiveIssuer: 'https://accounts.google.com',
  tenants: [],
  domains: [],
  allowSelfRegistration: false,
  fromEnvironment: false,
  redirectUri: `https://school.test/oauth/${name}/callback`,
});

// jsdom has no document.fonts, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

describe('single sign-on settings', () => {
  it('item 4: sso says why an issuer on a private or local address is refused, on the issuer field', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'GET settings/single-sign-on': { body: { providers: [provider('google'), provider('office'), provider('apple')] } },
      'PUT settings/single-sign-on/google': { status: 400, body: { error: 'issuer_not_allowed', message: 'x' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/sign-in', session: admin });
    const form = await screen.findByRole('region', { name: /Google/ });
    const issuer = within(form).getByLabelText(es.sso.admin.issuer);
    fireEvent.change(issuer, { target: { value: 'https://10.0.0.1' } });
    fireEvent.click(within(form).getByRole('button', { name: es.sso.admin.save.replace('{{provider}}', 'Google') }));
    expect((await within(form).findByRole('alert')).textContent).toBe(es.sso.admin.issuerRefused);
    expect(issuer.getAttribute('aria-invalid')).toBe('true');
  });
});
