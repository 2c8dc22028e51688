import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderBlock } from '../blocks.fixtures';
import { debitIdOf } from './legacyHtml';

// DOMPurify cannot be trusted in this DOM double (it falls back to plain text here): the sanitiser is
// the identity in this file, so the rewriting and the in-app navigation can be seen. Chromium checks
// both together in legacyHtml.browser.test.ts.
vi.mock('../../features/posts/sanitizeHtml', () => ({ sanitizeHtml: (html: string) => html }));

const MODULE = 'http://school.test/demo/modulos/pagos';
const SETTINGS = { 'GET vue/settings': { body: { title: 'Colegio', color: '#1C89B8', logo: null, signIn: { google: false, office: false, apple: false } } } };

describe('legacy module payment links', () => {
  it('finds the debit of a legacy payment link', () => {
    expect(debitIdOf('https://legacy.test/tesoreria/pagar?debitId=77')).toBe('77');
    expect(debitIdOf('/tesoreria/debito/77/pagar')).toBe('77');
    expect(debitIdOf('pagar.php?id=77&x=abc')).toBe('77');
    expect(debitIdOf('/tesoreria/pagar')).toBeNull();
    expect(debitIdOf('?id=77%3Cscript%3E')).toBeNull();
  });

  it("opens the app's debit screen from 'PAGAR POR TESORERIA' and strips the module's own app links", async () => {
    const { router } = await renderBlock({
      block: { type: 'v3', url: 'modulos/pagos' },
      routes: SETTINGS,
      external: {
        [MODULE]: () =>
          new Response(
            '<p>Pensión marzo</p><a href="https://legacy.test/tesoreria/pagar?debitId=77"> Pagar por Tesorería </a>' +
              '<a href="https://legacy.test/tesoreria/pagar">PAGAR POR TESORERIA</a><a href="/admin" data-patio-route>Otro</a>',
          ),
      },
    });
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/billing/debits/77', '/admin']);
    // A payment link without a debit keeps its label but leads nowhere.
    expect(screen.getByText('PAGAR POR TESORERIA').getAttribute('href')).toBeNull();
    // The module's own mark does not make a link the app follows.
    fireEvent.click(screen.getByText('Otro'));
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByText(/Pagar por Tesorería/));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/debits/77'));
  });
});
