import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MembershipRole } from '@patio/core/schemas/people';
import type { NodeDetail, NodeMember, NodeTree, SchoolNode } from '@patio/core/schemas/nodes';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { withType, type TypedNode } from './nodeTree';

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** GET nodes: the school tree, each node with its type. */
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

/** GET nodes/{id}, named with its type from the tree when the tree may be read. */
export function useNode(nodeId: number) {
  const { api } = useServices();
  const tree = useNodeTree();
  const types = tree.data?.types ?? [];
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
  const tree = useNodeTree();
  const types = tree.data?.types ?? [];
  return useQuery({
    queryKey: ['node', nodeId, 'children'],
    queryFn: () => api.get<SchoolNode[]>(`nodes/${nodeId}/children`),
    select: (nodes): TypedNode[] => nodes.map((node) => withType(node, types)),
    retry: noRetryOnRefusal,
  });
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
    mutationFn: (input: { personId: number; role: MembershipRole }) => api.post(`nodes/${nodeId}/members`, input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    // One role at a time: a teacher who is also the group director keeps the other role.
    mutationFn: ({ personId, role }: { personId: number; role: MembershipRole }) => api.delete(`nodes/${nodeId}/members/${personId}?role=${encodeURIComponent(role)}`),
    onSuccess: refresh,
  });
  return { add, remove };
}
