import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// public/sw.js with the shell a build writes into it (vite.config.ts, precacheAppShell), run against
// stand-ins of its global scope, the Cache Storage and the network.
const placeholder = "const APP_SHELL = { version: 'dev', files: [] };";
const shell = { version: 'v2', files: ['/assets/index-AbCd1234.js', '/assets/index-EfGh5678.css', '/favicon.svg', '/index.html'] };
const source = readFileSync(join(import.meta.dirname, '../../../public/sw.js'), 'utf8').replace(placeholder, `const APP_SHELL = ${JSON.stringify(shell)};`);
const origin = 'https://patio.test';

function startWorker(initialCaches: Record<string, string[]> = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const stores = new Map(Object.entries(initialCaches).map(([name, paths]) => [name, new Map(paths.map((p) => [p, `${name}:${p}`]))]));
  const network = { isOnline: true, fetched: [] as string[] };
  const pathOf = (request: string | { url: string }) => new URL(typeof request === 'string' ? request : request.url, origin).pathname;
  const fetch = async (request: string | { url: string }) => {
    if (!network.isOnline) throw new TypeError('Failed to fetch');
    network.fetched.push(pathOf(request));
    return { ok: true, type: 'basic', body: `network:${pathOf(request)}`, clone() { return this; } };
  };
  const openStore = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      addAll: async (requests: Array<{ url: string }>) => {
        for (const request of requests) store.set(pathOf(request), ((await fetch(request)) as { body: string }).body);
      },
      put: async (request: { url: string }, response: { body: string }) => void store.set(pathOf(request), response.body),
      match: async (request: string | { url: string }) => store.get(pathOf(request)),
    };
  };
  const caches = {
    open: async (name: string) => openStore(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (request: string, options: { cacheName: string }) => stores.get(options.cacheName)?.get(pathOf(request)),
  };
  class Request {
    constructor(readonly url: string, readonly init: object) {}
  }
  const scope = {
    location: { origin },
    addEventListener: (type: string, handler: (event: unknown) => void) => listeners.set(type, handler),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  new Function('self', 'caches', 'fetch', 'Request', source)(scope, caches, fetch, Request);
  const dispatch = async (type: string, event: object = {}) => {
    const waits: Array<Promise<unknown>> = [];
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  /** What the worker answers a GET of `path` (undefined: it lets the browser go to the network itself). */
  const request = async (path: string, mode = 'cors') => {
    let answer: Promise<unknown> | undefined;
    listeners.get('fetch')!({ request: { url: `${origin}${path}`, method: 'GET', mode }, respondWith: (p: Promise<unknown>) => (answer = p) });
    return answer === undefined ? undefined : ((await answer) as { body?: string } | string | undefined);
  };
  return { dispatch, request, stores, network };
}

describe('service worker: the app shell', () => {
  it('stores every file of the shell on install, and drops older shells (only) on activate', async () => {
    const worker = startWorker({ 'patio-shell-v1': ['/index.html'], 'other-cache': ['/x'] });
    await worker.dispatch('install');
    await worker.dispatch('activate');
    expect([...worker.stores.keys()].sort()).toEqual(['other-cache', 'patio-shell-v2']);
    expect([...worker.stores.get('patio-shell-v2')!.keys()].sort()).toEqual([...shell.files].sort());
  });

  it('opens screens from the network, and from the stored index.html when there is none', async () => {
    const worker = startWorker();
    await worker.dispatch('install');
    expect(await worker.request('/attendance/checkpoint/12', 'navigate')).toMatchObject({ body: 'network:/attendance/checkpoint/12' });
    worker.network.isOnline = false;
    expect(await worker.request('/attendance/checkpoint/12', 'navigate')).toBe('network:/index.html');
  });

  it('serves hashed assets from the cache first, with no network', async () => {
    const worker = startWorker();
    await worker.dispatch('install');
    worker.network.isOnline = false;
    expect(await worker.request('/assets/index-AbCd1234.js')).toBe('network:/assets/index-AbCd1234.js');
    worker.network.isOnline = true;
    expect(await worker.request('/assets/Later-Zz99Yy88.js')).toMatchObject({ body: 'network:/assets/Later-Zz99Yy88.js' });
    expect(worker.stores.get('patio-shell-v2')!.has('/assets/Later-Zz99Yy88.js')).toBe(true);
  });

  it('never answers the API, so no answer is ever stored for another person on the device to read', async () => {
    const worker = startWorker();
    await worker.dispatch('install');
    expect(await worker.request('/api/attendance/checkpoints/12/log?date=2026-03-02')).toBeUndefined();
    expect(await worker.request('/api/files/3', 'navigate')).toBeUndefined();
    expect([...worker.stores.get('patio-shell-v2')!.keys()].some((path) => path.startsWith('/api/'))).toBe(false);
  });
});
