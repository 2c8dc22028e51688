import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import { isRefusal } from '../people/usePeople';
import { readTree, withType, type NodeMember, type SchoolNode } from './types';

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** GET nodes: the school tree. */
export function useNodeTree(enabled = true) {
  const { api } = useServices();
  return useQuery({ queryKey: ['nodes'], queryFn: async () => readTree(await api.get('nodes')), enabled, staleTime: 5 * 60_000, retry: noRetryOnRefusal });
}

/** GET nodes/{id}, named with its type from the tree when the tree may be read. */
export function useNode(nodeId: number) {
  const { api } = useServices();
  const tree = useNodeTree();
  const query = useQuery({ queryKey: ['node', nodeId], queryFn: () => api.get<SchoolNode>(`nodes/${nodeId}`), retry: noRetryOnRefusal });
  const data = query.data ? withType(query.data, tree.data?.types ?? []) : undefined;
  return { ...query, data } as typeof query;
}

/** GET nodes/{id}/children, named with their types. */
export function useNodeChildren(nodeId: number) {
  const { api } = useServices();
  const tree = useNodeTree();
  const query = useQuery({ queryKey: ['node', nodeId, 'children'], queryFn: () => api.get<SchoolNode[]>(`nodes/${nodeId}/children`), retry: noRetryOnRefusal });
  const data = query.data?.map((node) => withType(node, tree.data?.types ?? []));
  return { ...query, data } as typeof query;
}

/** GET nodes/{id}/members. */
export function useNodeMembers(nodeId: number) {
  const { api } = useServices();
  return useQuery({ queryKey: ['node', nodeId, 'members'], queryFn: () => api.get<NodeMember[]>(`nodes/${nodeId}/members`), retry: noRetryOnRefusal });
}

/** POST nodes/{id}/members and DELETE nodes/{id}/members/{personId} (administrators). */
export function useMemberChanges(nodeId: number) {
  const { api } = useServices();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['node', nodeId, 'members'] });
  const add = useMutation({
    mutationFn: (input: { personId: number; role: string }) => api.post(`nodes/${nodeId}/members`, input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    // One role at a time: a teacher who is also the group director keeps the other role.
    mutationFn: ({ personId, role }: { personId: number; role: string }) => api.delete(`nodes/${nodeId}/members/${personId}?role=${encodeURIComponent(role)}`),
    onSuccess: refresh,
  });
  return { add, remove };
}
