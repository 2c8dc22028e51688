import { appendQuery } from '@patio/core/query';
import { ApiError } from '../../app/api/ApiError';
import { resolveUrl } from '../../app/api/apiClient';
import { requestCounter } from '../../app/api/requestCounter';
import type { AppServices } from '../../app/services';

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * GET of a paged collection (DESIGN: body is the item array, the total in X-Total-Count). The shared
 * client answers bodies only, so this reads the header itself, with the same bearer and error rules.
 */
export async function fetchPage<T>(services: AppServices, path: string, query: Record<string, unknown>, signal?: AbortSignal): Promise<Page<T>> {
  const { store, session } = services;
  const url = appendQuery(resolveUrl(store.getState().url, path).url, query);
  const token = store.getState().token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  requestCounter.start();
  try {
    const response = await fetch(url, { headers, signal });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      if (response.status === 401 && token) session.expire();
      throw new ApiError(response.status, body, url);
    }
    // Tolerates the {items,total} shape too (DESIGN: where the spec names it).
    if (body && !Array.isArray(body) && typeof body === 'object' && Array.isArray((body as Page<T>).items)) {
      return { items: (body as Page<T>).items, total: Number((body as Page<T>).total) || 0 };
    }
    const items = Array.isArray(body) ? (body as T[]) : [];
    const header = response.headers.get('X-Total-Count');
    return { items, total: header === null ? items.length : Number(header) || 0 };
  } finally {
    requestCounter.end();
  }
}
