import { useQuery } from '@tanstack/react-query';
import { ZIdText } from '@patio/core/schemas/ids';
import type { NodeDetail } from '@patio/core/schemas/nodes';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** The group a classroom post goes to, as the compose screen shows it. */
export interface ClassroomTarget {
  groupId: number;
  groupName: string;
}

/** ?classroom=ID: the group's id, null without the parameter, 'bad' for anything that is no id. */
export function classroomParamOf(search: URLSearchParams): number | null | 'bad' {
  const text = search.get('classroom');
  if (text === null) return null;
  const parsed = ZIdText.safeParse(text);
  return parsed.success ? parsed.data : 'bad';
}

/** The address's search once the draft is known (or dropped): the classroom mode stays on. */
export function composeSearch(current: URLSearchParams, draftId: number | null): Record<string, string> {
  const next: Record<string, string> = {};
  if (draftId !== null) next.draft = String(draftId);
  const classroom = current.get('classroom');
  if (classroom !== null) next.classroom = classroom;
  return next;
}

/** GET nodes/{id}: the group's name (any signed-in person of the school may read it; rights are checked on publishing). */
export function useClassroomGroup(groupId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['compose', 'classroomGroup', groupId],
    queryFn: ({ signal }) => api.get<NodeDetail>(`nodes/${groupId}`, { signal }),
    enabled: groupId !== null,
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
