export interface StubAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = StubAnswer | ((call: StubCall) => StubAnswer);

export interface StubCall {
  method: string;
  url: string;
  init?: RequestInit;
}

/**
 * A fetch stand-in for component tests: answers by "METHOD path" where path is the URL after the school
 * base (query included), with headers (X-Total-Count); anything unlisted is a 404.
 */
export function stubFetch(base: string, routes: Record<string, Handler>) {
  const calls: StubCall[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const call = { method, url, init };
    calls.push(call);
    const path = url.startsWith(base) ? url.slice(base.length) : url;
    const handler = routes[`${method} ${path}`];
    if (!handler) return new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404 });
    const { status = 200, body = null, headers = {} } = typeof handler === 'function' ? handler(call) : handler;
    return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  };
  return { fetchMock, calls };
}

export const BASE = 'http://school.test/api/demo/';
