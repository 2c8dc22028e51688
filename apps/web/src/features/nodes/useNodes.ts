import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MembershipRole } from '@patio/core/schemas/people';
import type { NodeCreate, NodeDetail, NodeMember, NodeTree, NodeType, SchoolNode } from '@patio/core/schemas/nodes';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { withType, type TypedNode } from './nodeTree';

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** GET nodes: the groups in the signed-in person's care (403 for families and students), each with its type. */
export function useNodeTree(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['nodes'],
    queryFn: async () => {
      const tree = await api.get<NodeTree>('nodes');
      return { types: tree.types, nodes: tree.nodes.map((node) => withType(node, tree.types)) };
    },
    enabled,
    staleTime: 5 * 60_000,
    retry: noRetryOnRefusal,
  });
}

/** GET node-types: for everyone, so a group's screen names its type whoever opens it. */
export function useNodeTypes() {
  const { api } = useServices();
  return useQuery({ queryKey: ['node-types'], queryFn: () => api.get<NodeType[]>('node-types'), staleTime: 30 * 60_000, retry: noRetryOnRefusal });
}

/** GET nodes/{id}, named with its type. */
export function useNode(nodeId: number) {
  const { api } = useServices();
  const types = useNodeTypes().data ?? [];
  return useQuery({
    queryKey: ['node', nodeId],
    queryFn: () => api.get<NodeDetail>(`nodes/${nodeId}`),
    select: (node): TypedNode<NodeDetail> => withType(node, types),
    retry: noRetryOnRefusal,
  });
}

/** GET nodes/{id}/children, named with their types. */
export function useNodeChildren(nodeId: number) {
  const { api } = useServices();
  const types = useNodeTypes().data ?? [];
  return useQuery({
    queryKey: ['node', nodeId, 'children'],
    queryFn: () => api.get<SchoolNode[]>(`nodes/${nodeId}/children`),
    select: (nodes): TypedNode[] => nodes.map((node) => withType(node, types)),
    retry: noRetryOnRefusal,
  });
}

/** GET nodes/{id}/members: one entry per person with their roles there; the tabs and counts share it. */
export function useNodeMembers(nodeId: number) {
  const { api } = useServices();
  return useQuery({ queryKey: ['node', nodeId, 'members'], queryFn: () => api.get<NodeMember[]>(`nodes/${nodeId}/members`), retry: noRetryOnRefusal });
}

/** POST nodes/{id}/members and DELETE nodes/{id}/members/{personId} (administrators). */
export function useMemberChanges(nodeId: number) {
  const { api } = useServices();
  const client = useQueryClient();
  // The roster and every count of the group (its page, the tree, its parent's children).
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['node'] }), client.invalidateQueries({ queryKey: ['nodes'] })]);
  const add = useMutation({
    mutationFn: (input: { personId: number; role: MembershipRole }) => api.post(`nodes/${nodeId}/members`, input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    // One role, or all of them (no role): a teacher who is also the group director may keep one.
    mutationFn: ({ personId, role }: { personId: number; role?: MembershipRole }) =>
      api.delete(`nodes/${nodeId}/members/${personId}${role ? `?role=${encodeURIComponent(role)}` : ''}`),
    onSuccess: refresh,
  });
  return { add, remove };
}

/** POST nodes (administrators): a group in place under a parent; the tree and the parent's children refresh. */
export function useCreateNode() {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NodeCreate) => api.post<NodeDetail>('nodes', input),
    onSuccess: (_node, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['nodes'] }),
        ...(input.parentId !== null ? [client.invalidateQueries({ queryKey: ['node', input.parentId, 'children'] })] : []),
      ]),
  });
}
