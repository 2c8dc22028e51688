import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { FileResource } from '@patio/core/schemas/blocks';
import { AppProviders } from '../app/AppProviders';
import { applyLanguage, createI18n } from '../app/i18n/createI18n';
import { createAppServices } from '../app/services';
import { SESSION_STORAGE_KEY } from '../app/session/sessionStore';
import { theme } from '../app/theme';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../test/fetchStub';
import { validToken } from '../test/makeToken';
import type { Block, BlockMode, BlockViewProps } from './types';
import { BLOCK_KINDS } from './registry';

// Test helpers of the block views: answers shaped as the zod contract (packages/core/src/schemas/blocks.ts).

export const ME = 7;
export const POST = 12;
export const FOLDER = `posts/${POST}/resources/files/block-482193`;

/** A stored file of FOLDER; images get signed renditions, other files none. */
export function makeFile(id: number, title: string, change: Partial<FileResource> = {}): FileResource {
  const isImage = (change.mimetype ?? 'image/jpeg').startsWith('image/');
  const signed = (variant: string) => `/api/demo/files/${id}/${variant}?expires=0&sig=s${id}`;
  return {
    id,
    name: title,
    title,
    mimetype: 'image/jpeg',
    size: 1536 * 1024,
    endpoint: FOLDER,
    path: String(id),
    url: signed('original'),
    downloadUrl: `${signed('original')}&download=1`,
    preview: isImage ? signed('preview') : null,
    thumbnail: isImage ? signed('thumbnail') : null,
    large: isImage ? signed('large') : null,
    width: isImage ? 4000 : null,
    height: isImage ? 3000 : null,
    createdAt: '2026-03-02T10:00:00.000Z',
    deleteDate: null,
    ...change,
  };
}

export interface RenderBlockOptions {
  block: Partial<Block> & Pick<Block, 'type'>;
  mode?: BlockMode;
  routes?: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
  /** Answers for addresses outside the school's API (full url → response), read before the routes. */
  external?: Record<string, (init?: RequestInit) => Response>;
  /** Replaces the view (e.g. a frame or a list) while keeping the providers. */
  element?: (props: BlockViewProps) => ReactElement;
}

/** Embedded players and documents stay unloaded: no test reaches the network (happy-dom would fetch iframes). */
export function keepFramesOffline(): void {
  const happy = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM;
  if (happy) happy.settings.disableIframePageLoading = true;
}

/** One block's view alone, signed in as person ME of the demo school, in es-CO, over a stubbed API and a router. */
export async function renderBlock({ block, mode = 'read', routes = {}, external = {}, element }: RenderBlockOptions) {
  keepFramesOffline();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ url: BASE, language: 'es-CO', token: validToken(ME) }));
  const stub = stubFetch(BASE, routes);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = external[String(input)];
    if (!answer) return stub.fetchMock(input, init);
    stub.calls.push({ method: init?.method ?? 'GET', url: String(input), init });
    return Promise.resolve(answer(init));
  });
  const i18n = await createI18n();
  await applyLanguage(i18n, 'es-CO');
  const services = createAppServices(i18n, localStorage);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } } });
  const onChange = vi.fn((_update: unknown) => Promise.resolve());
  const onRemove = vi.fn();
  const onClose = vi.fn();
  const props: BlockViewProps = { block: { id: 5, url: null, options: {}, ...block }, postId: POST, mode, onChange, onRemove, onClose };
  const View = BLOCK_KINDS[block.type].View;
  const router = createMemoryRouter(
    [
      { path: '/', element: element ? element(props) : <View {...props} /> },
      { path: '/billing/debits/:debitId', element: <p>debit screen</p> },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(
    <AppProviders services={services}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...view, ...stub, router, queryClient, services, onChange, onRemove, onClose };
}

/** The JSON body a call sent. */
export const bodyOf = (call: StubCall | undefined): unknown => JSON.parse(String(call?.init?.body));

/** The calls to one "METHOD path" of the school's API. */
export const callsTo = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);
