import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/apiClient';
import { useServices } from '../services';

// Answers are kept as long as TanStack keeps an unobserved query (its default gcTime).
const ALLOWED_FRESH_MS = 5 * 60_000;
const keyOf = (path: string) => ['allowed', path] as const;

function cachedAnswer(queryClient: QueryClient, path: string): boolean | undefined {
  const state = queryClient.getQueryState<boolean>(keyOf(path));
  return state?.data !== undefined && Date.now() - state.dataUpdatedAt < ALLOWED_FRESH_MS ? state.data : undefined;
}

interface PendingAsk {
  readonly paths: Set<string>;
  readonly answer: Promise<Record<string, boolean>>;
}
const pendingAsks = new WeakMap<ApiClient, PendingAsk>();

/**
 * One POST allowed for every ask made in the same turn: the sections of a screen mount together and
 * each asks for its own paths.
 */
function askTogether(api: ApiClient, paths: string[]): Promise<Record<string, boolean>> {
  let pending = pendingAsks.get(api);
  if (!pending) {
    const together = new Set<string>();
    const answer = Promise.resolve().then(() => {
      pendingAsks.delete(api);
      return api.post<Record<string, boolean>>('allowed', [...together]);
    });
    pending = { paths: together, answer };
    pendingAsks.set(api, pending);
  }
  for (const path of paths) pending.paths.add(path);
  return pending.answer;
}

/**
 * Asks POST allowed only for the paths without a fresh cached answer, together with the other asks of
 * the same turn, and caches each answer under its own path (spec §6: the client caches the answer per path).
 */
export async function askAllowed(api: ApiClient, queryClient: QueryClient, paths: string[]): Promise<Record<string, boolean>> {
  const missing = paths.filter((path) => cachedAnswer(queryClient, path) === undefined);
  if (missing.length > 0) {
    const answer = await askTogether(api, missing);
    for (const path of missing) queryClient.setQueryData(keyOf(path), answer[path] === true);
  }
  return Object.fromEntries(paths.map((path) => [path, queryClient.getQueryData<boolean>(keyOf(path)) === true]));
}

/**
 * POST allowed (spec §6): which of these paths the person may open. Until the answer arrives (or if
 * it fails) the result is null.
 */
export function useAllowedPaths(paths: string[]): Record<string, boolean> | null {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['allowed-set', ...paths],
    enabled: paths.length > 0,
    queryFn: () => askAllowed(api, queryClient, paths),
    staleTime: ALLOWED_FRESH_MS,
  });
  return query.data ?? null;
}
