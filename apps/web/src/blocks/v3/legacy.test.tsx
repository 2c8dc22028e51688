import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../blocks.fixtures';

const MODULE = 'http://school.test/demo/modulos/pagos?persona=7';
const html = (text: string, status = 200) => () => new Response(text, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
const SETTINGS = { 'GET vue/settings': { body: { title: 'Colegio', color: '#1C89B8', logo: null, signIn: { google: false, office: false, apple: false } } } };

describe('legacy module block', () => {
  it('reads the module from the legacy host as text with the bearer token, and shows it without scripts', async () => {
    const { calls, container } = await renderBlock({
      block: { type: 'v3', url: 'modulos/pagos?persona=7' },
      routes: SETTINGS,
      external: { [MODULE]: html('<p>Estado de cuenta</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">') },
    });
    expect(await screen.findByText(/Estado de cuenta/)).toBeTruthy();
    const request = calls.find((c) => c.url === MODULE);
    expect(new Headers(request?.init?.headers).get('Authorization')).toMatch(/^Bearer .+/);
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror/);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("uses the school's legacyHost setting when it has one, and never sends the token elsewhere", async () => {
    const { calls } = await renderBlock({
      block: { type: 'v3', url: 'https://other.example/modulo' },
      routes: { 'GET vue/settings': { body: { ...SETTINGS['GET vue/settings'].body, legacyHost: 'https://legacy.colegio.example/' } } },
      external: { 'https://other.example/modulo': html('<p>Otro sitio</p>') },
    });
    expect(await screen.findByText(/Otro sitio/)).toBeTruthy();
    expect(new Headers(calls.find((c) => c.url === 'https://other.example/modulo')?.init?.headers).has('Authorization')).toBe(false);
  });

  it('shows the server text "Parámetro especificado no encontrado o borrado" for a missing module', async () => {
    await renderBlock({ block: { type: 'v3', url: 'modulos/pagos?persona=7' }, routes: SETTINGS, external: { [MODULE]: html('Not here', 404) } });
    expect((await screen.findByRole('alert')).textContent).toBe('Parámetro especificado no encontrado o borrado');
  });

  it('shows the server text "Verifique permisos relacionados con el link del módulo" when the module answers it', async () => {
    await renderBlock({
      block: { type: 'v3', url: 'modulos/pagos?persona=7' },
      routes: SETTINGS,
      external: { [MODULE]: html('{"message":"Verifique permisos relacionados con el link del módulo"}', 500) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Verifique permisos relacionados con el link del módulo');
  });

  it('treats a 403 as the permissions text too', async () => {
    await renderBlock({ block: { type: 'v3', url: 'modulos/pagos?persona=7' }, routes: SETTINGS, external: { [MODULE]: html('', 403) } });
    expect((await screen.findByRole('alert')).textContent).toBe('Verifique permisos relacionados con el link del módulo');
  });

  it('offers to retry any other failure', async () => {
    let answers = 0;
    await renderBlock({
      block: { type: 'v3', url: 'modulos/pagos?persona=7' },
      routes: SETTINGS,
      external: { [MODULE]: () => (++answers === 1 ? new Response('boom', { status: 502 }) : new Response('<p>Ya cargó</p>')) },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos cargar este módulo.');
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText(/Ya cargó/)).toBeTruthy();
  });

  it('never fetches a url with a parent folder', async () => {
    const { calls } = await renderBlock({ block: { type: 'v3', url: '../api/demo/people' }, routes: SETTINGS });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('vue/settings'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Only the school's settings and terms were asked: '..' would have reached http://school.test/api/demo/people.
    expect(calls.map((c) => c.url).filter((url) => !/\/vue\/(settings|i18n\/)/.test(url))).toEqual([]);
  });

  it('edits the module path: Accept only for a path of the legacy host or an https address', async () => {
    const { onChange } = await renderBlock({ block: { type: 'v3', url: null }, mode: 'edit' });
    const input = screen.getByRole('textbox', { name: 'Dirección del módulo' });
    fireEvent.change(input, { target: { value: '../admin' } });
    expect(screen.getByRole('button', { name: 'Aceptar' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: 'modulos/pagos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ url: 'modulos/pagos' }));
  });
});
