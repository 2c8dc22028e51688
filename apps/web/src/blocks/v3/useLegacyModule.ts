import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@patio/core/schemas/org';
import { useServices, useSessionState } from '../../app/services';
import { prepareLegacyHtml } from './legacyHtml';
import { legacyHostOf, legacyRequestOf } from './legacyUrl';

// Spec §8: the legacy server's two exception texts, shown as they are when it answers one of them.
export const NOT_FOUND_TEXT = 'Parámetro especificado no encontrado o borrado';
export const FORBIDDEN_TEXT = 'Verifique permisos relacionados con el link del módulo';

export type LegacyModule = { kind: 'html'; html: string } | { kind: 'notFound' } | { kind: 'forbidden' };

/** The server text an answer carries, as plain text or as the message of a JSON error. */
function serverTextOf(text: string): string {
  const trimmed = text.trim();
  try {
    const parsed = JSON.parse(trimmed) as { message?: unknown; error?: unknown } | string;
    if (typeof parsed === 'string') return parsed.trim();
    if (parsed && typeof parsed.message === 'string') return parsed.message.trim();
  } catch {
    // Not JSON: the text itself.
  }
  return trimmed.replace(/^"|"$/g, '');
}

/** What a legacy module's answer shows: its HTML, or one of the two exception texts (also for 404 and 403). */
export function readLegacyAnswer(status: number, text: string): LegacyModule {
  const serverText = serverTextOf(text);
  if (serverText.includes(NOT_FOUND_TEXT) || status === 404) return { kind: 'notFound' };
  if (serverText.includes(FORBIDDEN_TEXT) || status === 403 || status === 401) return { kind: 'forbidden' };
  if (status < 200 || status >= 300) throw new Error(`HTTP ${status} from the legacy module`);
  return { kind: 'html', html: prepareLegacyHtml(text) };
}

/** The school's public settings (GET vue/settings), read once: the legacy host may be one of them. */
function usePublicSettings() {
  const { api } = useServices();
  return useQuery({
    queryKey: ['settings', 'public'],
    queryFn: ({ signal }) => api.get<Settings>('vue/settings', { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** GET {legacy host}/{block url} read as text with the bearer token (spec §6, §7), made safe to show. */
export function useLegacyModule(blockUrl: string | null) {
  const base = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  const settings = usePublicSettings();
  const host = base && !settings.isPending ? legacyHostOf(base, settings.data?.legacyHost) : null;
  const request = host && blockUrl ? legacyRequestOf(host, blockUrl) : null;
  return useQuery({
    queryKey: ['v3', request?.url ?? null],
    queryFn: async ({ signal }) => {
      const headers: Record<string, string> = { Accept: 'text/html, text/plain, */*' };
      if (request!.withToken && token) headers.Authorization = `Bearer ${token}`;
      const response = await fetch(request!.url, { headers, signal });
      return readLegacyAnswer(response.status, await response.text());
    },
    enabled: request !== null,
    retry: false,
  });
}
