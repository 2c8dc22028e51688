import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { FormEntity, FormField, FormRecord, FormResults } from '@patio/core/schemas/blocks';
import type { PersonProfile } from '@patio/core/schemas/people';
import { AppProviders } from '../../app/AppProviders';
import { applyLanguage, createI18n } from '../../app/i18n/createI18n';
import { LiveUpdates } from '../../app/live/useLiveUpdates';
import { createAppServices } from '../../app/services';
import { SESSION_STORAGE_KEY } from '../../app/session/sessionStore';
import { theme } from '../../app/theme';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';
import type { BlockMode } from '../types';
import { FormBlock } from './FormBlock';

// Answers shaped as the zod contract of packages/core/src/schemas/blocks.ts, for the form block's tests.

export const ME = 7;
export const OWNER = 2;
export const FORM_ID = 31;

export const field = (name: string, type: FormField['type'], title: string, order: number, options = ''): FormField => ({ name, type, title, description: '', options, order });

export function makeForm(change: Partial<FormEntity> = {}): FormEntity {
  return {
    id: FORM_ID,
    title: 'Salida al museo',
    description: 'Confirma antes del viernes.',
    fields: [field('f1', 'select', 'Transporte', 1, 'Bus del colegio\nPor su cuenta'), field('f2', 'checkbox', 'Autorizo la salida', 2), field('f3', 'text', 'Alergias', 3)],
    ownerId: OWNER,
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...change,
  };
}

export function makeRecord(personId: number, values: FormRecord['values'], answeredBy = personId): FormRecord {
  return { id: 900 + personId, formId: FORM_ID, personId, answeredBy, values, createdAt: '2026-03-03T15:30:00.000Z' };
}

export const RESULTS: FormResults = {
  formId: FORM_ID,
  answered: 4,
  audience: 10,
  fields: [
    { name: 'f1', title: 'Transporte', type: 'select', counts: [{ option: 'Bus del colegio', count: 3 }, { option: 'Por su cuenta', count: 1 }], answers: 4 },
    { name: 'f2', title: 'Autorizo la salida', type: 'checkbox', counts: [{ option: 'checked', count: 2 }], answers: 4 },
    { name: 'f3', title: 'Alergias', type: 'text', counts: [], answers: 1 },
  ],
};

export const person = (id: number, firstName: string, lastName: string) => ({ id, firstName, lastName, lastName2: null, avatar: null });

export const ENTITY = `GET data/entities/${FORM_ID}`;
export const RECORDS = (personId: number) => `people/${personId}/data/entities/${FORM_ID}/records`;

export interface RenderFormOptions {
  mode?: BlockMode;
  url?: string | null;
  routes: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
  /** The signed-in person as GET people/{uid} answers it (children are read from its relatives). */
  user?: Partial<PersonProfile>;
  uid?: number;
  /** Mounts the deck's live connection too (the test stubs WebSocket). */
  live?: boolean;
}

/** happy-dom has no FontFaceSet, which Mantine's growing text areas listen to (every browser has one). */
function provideFontSet(): void {
  if ('fonts' in document) return;
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

/** The form block alone, signed in as person `uid` of the demo school, in es-CO, over a stubbed API. */
export async function renderForm({ mode = 'read', url = `data/entities/${FORM_ID}`, routes, user, uid = ME, live = false }: RenderFormOptions) {
  provideFontSet();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ url: BASE, language: 'es-CO', token: validToken(uid) }));
  const stub = stubFetch(BASE, routes);
  vi.stubGlobal('fetch', stub.fetchMock);
  const i18n = await createI18n();
  await applyLanguage(i18n, 'es-CO');
  const services = createAppServices(i18n, localStorage);
  if (user) services.store.update({ user: { id: uid, firstName: 'Laura', lastName: 'Gómez', lastName2: null, avatar: null, roles: ['relative'], ...user } as PersonProfile });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } } });
  const onChange = vi.fn(() => Promise.resolve());
  const onRemove = vi.fn();
  const view = render(
    <AppProviders services={services}>
      <QueryClientProvider client={queryClient}>
        {live && <LiveUpdates />}
        <MantineProvider theme={theme}>
          <FormBlock block={{ id: 5, type: 'form', url, options: {} }} postId={12} mode={mode} onChange={onChange} onRemove={onRemove} />
        </MantineProvider>
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...view, ...stub, queryClient, services, onChange, onRemove };
}

/** The JSON body a call sent. */
export const bodyOf = (call: StubCall | undefined): unknown => JSON.parse(String(call?.init?.body));

/** The calls to one "METHOD path". */
export const callsTo = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);
