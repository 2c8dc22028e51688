import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { appendQuery } from '@patio/core/query';
import { ZDashboard, ZDashboardBlockData, ZDashboardSummary, type Dashboard, type DashboardInput } from '@patio/core/schemas/dashboards';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** Everything of the dashboard screens lives under ['dashboards']: a save refreshes lists, pages and figures. */
export const DASHBOARDS_KEY = ['dashboards'] as const;
const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error) && !(error instanceof z.ZodError);
const ZSummaries = z.array(ZDashboardSummary);

/** GET dashboards: those the caller may see, Inicio first. */
export function useDashboardList() {
  const { api } = useServices();
  return useQuery({
    queryKey: [...DASHBOARDS_KEY, 'list'],
    queryFn: async ({ signal }) => ZSummaries.parse(await api.get('dashboards', { signal })),
    retry: noRetryOnRefusal,
  });
}

/** GET dashboards/{id}, or GET dashboards/home for Inicio (created by the server on first need). */
export function useDashboard(id: number | 'home', enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...DASHBOARDS_KEY, 'one', id],
    queryFn: async ({ signal }) => ZDashboard.parse(await api.get(`dashboards/${id}`, { signal })),
    enabled,
    retry: noRetryOnRefusal,
  });
}

/** GET dashboards/blocks/{blockId}: the dashboard that holds the block (the block editor and a person's block load it). */
export function useBlockDashboard(blockId: number, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...DASHBOARDS_KEY, 'byBlock', blockId],
    queryFn: async ({ signal }) => ZDashboard.parse(await api.get(`dashboards/blocks/${blockId}`, { signal })),
    enabled,
    retry: noRetryOnRefusal,
  });
}

/**
 * GET dashboards/{id}/blocks/{blockId}/data: the block's figures under the viewer's rights. A new filter
 * is a new key, so it is fetched at once; the previous figures stay on screen (dimmed) meanwhile.
 */
export function useBlockData(dashboardId: number, blockId: number, query: Record<string, string> | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...DASHBOARDS_KEY, 'data', dashboardId, blockId, query],
    queryFn: async ({ signal }) => ZDashboardBlockData.parse(await api.get(appendQuery(`dashboards/${dashboardId}/blocks/${blockId}/data`, query), { signal })),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: noRetryOnRefusal,
  });
}

function useRefreshDashboards() {
  const client = useQueryClient();
  return (saved?: Dashboard) => {
    if (saved) {
      client.setQueryData([...DASHBOARDS_KEY, 'one', saved.id], saved);
      if (saved.home) client.setQueryData([...DASHBOARDS_KEY, 'one', 'home'], saved);
    }
    return client.invalidateQueries({ queryKey: DASHBOARDS_KEY });
  };
}

/** POST dashboards (administrators). */
export function useCreateDashboard() {
  const { api } = useServices();
  const refresh = useRefreshDashboards();
  return useMutation({
    mutationFn: async (input: DashboardInput) => ZDashboard.parse(await api.post('dashboards', input)),
    onSuccess: (saved) => refresh(saved),
  });
}

/** PUT dashboards/{id} (administrators): the whole dashboard in one request. */
export function useSaveDashboard() {
  const { api } = useServices();
  const refresh = useRefreshDashboards();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: DashboardInput }) => ZDashboard.parse(await api.put(`dashboards/${id}`, input)),
    onSuccess: (saved) => refresh(saved),
  });
}

/** DELETE dashboards/{id} (administrators; Inicio answers 409 `home_dashboard`). */
export function useDeleteDashboard() {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`dashboards/${id}`),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: [...DASHBOARDS_KEY, 'one', id] });
      return client.invalidateQueries({ queryKey: [...DASHBOARDS_KEY, 'list'] });
    },
  });
}
