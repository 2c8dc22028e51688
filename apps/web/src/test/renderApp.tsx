import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { applyLanguage, createI18n } from '../app/i18n/createI18n';
import { createRoutes } from '../app/routes';
import { createAppServices, type AppServices } from '../app/services';
import { SESSION_STORAGE_KEY } from '../app/session/sessionStore';

export interface RenderAppOptions {
  path: string;
  /** What localStorage holds before the app starts. */
  session?: Record<string, unknown>;
}

/** Starts the whole app (real router, guard, i18n in es-CO) at a path, as a browser would. */
export async function renderApp({ path, session }: RenderAppOptions) {
  if (session) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  const i18n = await createI18n();
  const services: AppServices = createAppServices(i18n, localStorage);
  await applyLanguage(i18n, services.store.getState().language);
  const router = createMemoryRouter(createRoutes(services), { initialEntries: [path] });
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, services };
}

/** A fetch stand-in answering JSON by "METHOD url" (exact) or url prefix. */
export function mockFetch(routes: Record<string, { status?: number; body?: unknown } | (() => never)>) {
  const calls: Array<{ method: string; url: string; init?: RequestInit }> = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, init });
    const answer = routes[`${method} ${url}`] ?? routes[url];
    if (!answer) return new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404 });
    if (typeof answer === 'function') answer();
    const { status = 200, body = null } = answer as { status?: number; body?: unknown };
    return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetchMock, calls };
}
