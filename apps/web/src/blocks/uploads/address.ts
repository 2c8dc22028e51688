import { useCallback } from 'react';
import { useSessionState } from '../../app/services';

/**
 * A signed file address as the browser can load it, or null when it is not a web address. The
 * server writes them from its root (/api/{org}/files/…); the app may run on another origin (the
 * mobile shells), so they are resolved against the school's API base. https addresses pass through.
 */
export function toLoadableAddress(baseUrl: string | null, address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address, baseUrl ?? window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** toLoadableAddress bound to the current school. */
export function useLoadableAddress(): (address: string | null | undefined) => string | null {
  const baseUrl = useSessionState((s) => s.url);
  return useCallback((address: string | null | undefined) => toLoadableAddress(baseUrl, address), [baseUrl]);
}
