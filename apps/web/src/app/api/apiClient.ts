import { ApiError } from './ApiError';
import { requestCounter } from './requestCounter';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body (objects, arrays) or a ready body (form data, url-encoded params). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiContext {
  /** The school's API base, e.g. http://host/api/demo/ (null before the code screen). */
  getBaseUrl(): string | null;
  getToken(): string | null;
  /** Called when a request carrying the bearer token is refused with 401. */
  onUnauthorized?(): void;
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
  async function request<T = unknown>(path: string, options: ApiRequest = {}): Promise<T> {
    const { url, relative } = resolveUrl(context.getBaseUrl(), path);
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
        if (response.status === 401 && token) context.onUnauthorized?.();
        throw new ApiError(response.status, body, url);
      }
      return body as T;
    } finally {
      requestCounter.end();
    }
  }

  return {
    request,
    get: <T = unknown>(path: string, options?: Omit<ApiRequest, 'method' | 'body'>) => request<T>(path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: Omit<ApiRequest, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
    delete: <T = unknown>(path: string) => request<T>(path, { method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
