import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ZDashboardBlockOptions, type Dashboard, type DashboardBlock, type DashboardBlockData } from '@patio/core/schemas/dashboards';
import { AppProviders } from '../../app/AppProviders';
import { DeckProviders } from '../../app/deck/DeckProviders';
import { applyLanguage, createI18n } from '../../app/i18n/createI18n';
import { createAppServices } from '../../app/services';
import { SESSION_STORAGE_KEY } from '../../app/session/sessionStore';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';
import { AdminHomePage } from './AdminHomePage';
import { BlockEditorPage } from './BlockEditorPage';
import { DashboardPage } from './DashboardPage';
import { DashboardsAdminPage } from './DashboardsAdminPage';
import { PersonBlockPage } from './PersonBlockPage';

export const ME = 7;
export const HOME = 1;

export const signedIn = (language = 'es-CO') => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language, token: validToken(ME) });

export function block(id: number, kind: DashboardBlock['kind'], options: Partial<DashboardBlock['options']> = {}, title: string | null = null): DashboardBlock {
  return { id, kind, title, options: { ...ZDashboardBlockOptions.parse({}), ...options } };
}

/** Inicio as the server seeds it. */
export function home(extra: Partial<Dashboard> = {}): Dashboard {
  return {
    id: HOME,
    title: null,
    home: true,
    audience: ['teachers', 'employees'],
    mayEdit: true,
    updatedAt: 1_700_000_000_000,
    blocks: [
      block(11, 'attendance', { period: 'today' }),
      block(12, 'rollsNotTaken', { period: 'today' }),
      block(13, 'pendingRegistrations'),
      block(14, 'payments', { period: 'today' }),
      block(15, 'readRate', { postType: 'urgent_notice', limit: 5, period: 'last7Days' }),
      block(16, 'busesRunning'),
    ],
    ...extra,
  };
}

export const NODES = {
  types: [{ id: 1, key: 'class', singular: { es: 'Curso' }, plural: { es: 'Cursos' } }],
  nodes: [
    { id: 70, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 3 },
    { id: 71, parentId: null, typeId: 1, typeKey: 'class', name: '8B', position: 1, memberCount: 4 },
  ],
};

export const figures: Record<string, DashboardBlockData> = {
  attendance: {
    kind: 'attendance',
    from: '2030-03-04',
    to: '2030-03-04',
    node: null,
    groups: [
      { node: { id: 70, name: '7A' }, present: 18, absent: 2, late: 1, excused: 0, rate: 19 / 21 },
      { node: { id: 71, name: '8B' }, present: 10, absent: 0, late: 0, excused: 0, rate: 1 },
    ],
    total: { present: 28, absent: 2, late: 1, excused: 0, rate: 29 / 31 },
  },
  rollsNotTaken: { kind: 'rollsNotTaken', day: '2030-03-04', node: null, expected: 4, missing: [{ node: { id: 71, name: '8B' }, checkpointId: 71 }] },
  pendingRegistrations: { kind: 'pendingRegistrations', count: 3, oldestAt: Date.UTC(2030, 2, 1, 15) },
  payments: { kind: 'payments', from: '2030-03-04', to: '2030-03-04', node: null, currency: 'COP', count: 2, amount: 450_000 },
  readRate: {
    kind: 'readRate',
    posts: [{ id: 500, title: 'Simulacro de evacuación', type: 'urgent_notice', publishedAt: Date.UTC(2030, 2, 3, 14), recipients: 40, read: 10, rate: 0.25 }],
  },
  busesRunning: { kind: 'busesRunning', routes: [] },
};

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

const routes: RouteObject[] = [
  { path: '/dashboard/:dashboardId', Component: DashboardPage },
  { path: '/admin', Component: AdminHomePage },
  { path: '/admin/dashboards', Component: DashboardsAdminPage },
  { path: '/admin/blocks/:blockId', Component: BlockEditorPage },
  { path: '/person/:personId/blocks/:blockId', Component: PersonBlockPage },
  { path: '*', Component: () => null },
];

/**
 * The dashboard screens at a path, with the app's real providers (services, i18n, Query, Mantine) and
 * fetch answered at the network edge; the routes are the ones the workspace wires these screens to.
 */
export async function openDashboards(path: string, answers: Routes, { data, language = 'es-CO' }: { data?: (call: StubCall) => StubAnswer; language?: string } = {}) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(signedIn(language)));
  const stub = stubFetch(BASE, {
    'GET vue/settings': { body: { timeZone: 'America/Bogota' } },
    'GET nodes': { body: NODES },
    'GET node-types': { body: NODES.types },
    ...answers,
  });
  // A block's data is asked with its filter in the query: one handler answers every such request.
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (data && /dashboards\/\d+\/blocks\/\d+\/data/.test(url)) {
      stub.calls.push({ method: init?.method ?? 'GET', url, init });
      const { status = 200, body = null } = data({ method: init?.method ?? 'GET', url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }
    return stub.fetchMock(input, init);
  };
  vi.stubGlobal('fetch', fetchMock);
  const i18n = await createI18n();
  const services = createAppServices(i18n, localStorage);
  await applyLanguage(i18n, services.store.getState().language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders services={services}>
      <DeckProviders>
        <RouterProvider router={router} />
      </DeckProviders>
    </AppProviders>,
  );
  return { ...stub, ...view, router, services };
}

/** The data answers of every block of a dashboard, whatever the filter. */
export function dataOf(dashboard: Dashboard, extra: Routes = {}): (call: StubCall) => StubAnswer {
  return (call) => {
    const path = call.url.slice(BASE.length);
    for (const [key, answer] of Object.entries(extra)) if (`${call.method} ${path}`.startsWith(key)) return typeof answer === 'function' ? answer(call) : answer;
    const match = /blocks\/(\d+)\/data/.exec(path);
    const found = dashboard.blocks.find((b) => String(b.id) === match?.[1]);
    return found ? { body: figures[found.kind] } : { status: 404, body: { error: 'not_found', message: 'No block' } };
  };
}
