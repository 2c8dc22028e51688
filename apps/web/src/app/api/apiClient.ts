import { appendQuery } from '@patio/core/query';
import { ApiError } from './ApiError';
import { requestCounter } from './requestCounter';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body (objects, arrays) or a ready body (form data, url-encoded params). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** One page of a collection: its items and the total the server counted (X-Total-Count). */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageRequest {
  /** Search and paging parameters; empty values are left out. */
  query?: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface ApiContext {
  /** The school's API base, e.g. http://host/api/demo/ (null before the code screen). */
  getBaseUrl(): string | null;
  getToken(): string | null;
  /** Called when a request carrying the bearer token is refused with 401. */
  onUnauthorized?(): void;
  /** Called when the server refuses a self-registered family still waiting for approval (403 registration_pending). */
  onRegistrationPending?(): void;
}

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

/** Trims the leading and trailing slashes of a relative path (spec §7). */
export function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

/** Joins the school base and a relative path; absolute URLs pass through unchanged. */
export function resolveUrl(baseUrl: string | null, path: string): { url: string; relative: boolean } {
  if (ABSOLUTE.test(path)) return { url: path, relative: false };
  if (!baseUrl) throw new Error(`No school selected: cannot request ${path}`);
  return { url: `${baseUrl.replace(/\/+$/, '')}/${trimSlashes(path)}`, relative: true };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob || typeof body === 'string') {
    return body;
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** Creates the API client: bearer token on relative paths only (spec §7), any non-OK answer thrown as ApiError (spec §8). */
export function createApiClient(context: ApiContext) {
  /** Sends one request with the bearer rules; answers the parsed body and the response headers. */
  async function send(path: string, options: ApiRequest & PageRequest): Promise<{ body: unknown; headers: Headers }> {
    const { url: base, relative } = resolveUrl(context.getBaseUrl(), path);
    const url = appendQuery(base, options.query);
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    const token = relative && !headers.has('Authorization') ? context.getToken() : null;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const init: RequestInit = {
      method: options.method ?? 'GET',
      headers,
      body: encodeBody(options.body, headers),
      signal: options.signal,
    };
    requestCounter.start();
    try {
      const response = await fetch(url, init);
      const body = await readBody(response);
      if (!response.ok) {
        // A refusal of a token this device has already replaced (a password change answered meanwhile) is not a sign-out.
        if (response.status === 401 && token && token === context.getToken()) context.onUnauthorized?.();
        if (response.status === 403 && token && (body as { error?: unknown } | null)?.error === 'registration_pending') context.onRegistrationPending?.();
        throw new ApiError(response.status, body, url);
      }
      return { body, headers: response.headers };
    } finally {
      requestCounter.end();
    }
  }

  async function request<T = unknown>(path: string, options: ApiRequest = {}): Promise<T> {
    return (await send(path, options)).body as T;
  }

  /**
   * GET of a paged collection (DESIGN: the body is the item array, the total in X-Total-Count; the
   * {items,total} shape is read too). Without the header the total is the number of items.
   */
  async function getPage<T>(path: string, { query = {}, signal }: PageRequest = {}): Promise<Page<T>> {
    const { body, headers } = await send(path, { query, signal });
    if (body && typeof body === 'object' && !Array.isArray(body) && Array.isArray((body as Page<T>).items)) {
      return { items: (body as Page<T>).items, total: Number((body as Page<T>).total) || 0 };
    }
    const items = Array.isArray(body) ? (body as T[]) : [];
    const total = headers.get('X-Total-Count');
    return { items, total: total === null ? items.length : Number(total) || 0 };
  }

  return {
    request,
    getPage,
    get: <T = unknown>(path: string, options?: Omit<ApiRequest, 'method' | 'body'>) => request<T>(path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: Omit<ApiRequest, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
    delete: <T = unknown>(path: string) => request<T>(path, { method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
