import { ZIdText } from '@patio/core/schemas/ids';
import { ApiError } from '../../app/api/ApiError';
import { useBlockDashboard } from './useDashboards';

/** Loads the dashboard holding a block and finds the block in it (or answers why not). */
export function useBlockOf(blockParam: string | undefined) {
  const parsed = ZIdText.safeParse(blockParam ?? '');
  const blockId = parsed.success ? parsed.data : 0;
  const query = useBlockDashboard(blockId, parsed.success);
  const block = query.data?.blocks.find((b) => b.id === blockId) ?? null;
  const error = !parsed.success || (query.data && !block) ? new ApiError(404, null, 'dashboards/blocks') : query.isError ? query.error : null;
  return { query, block, error };
}
