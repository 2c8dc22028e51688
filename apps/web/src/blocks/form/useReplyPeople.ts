import { useQuery } from '@tanstack/react-query';
import type { Child } from '@patio/core/schemas/people';
import { hasChildrenAmong } from '@patio/core/people/relationshipKinds';
import { formatPersonName } from '@patio/core/people/displayName';
import { isRefusal } from '../../app/api/ApiError';
import { useServices, useSessionState } from '../../app/services';
import { useSignedInId } from '../../app/session/useSignedInId';

/** Someone the signed-in person may answer a form for: themselves, or one of their children. */
export interface ReplyPerson {
  id: number;
  name: string;
  isSelf: boolean;
}

/**
 * Who the signed-in person may answer for (spec §6: a relative answers for a child): themselves first,
 * then their children (GET people/{me}/children, asked only when their profile lists a child).
 */
export function useReplyPeople(): { me: number | null; people: ReplyPerson[] } {
  const { api } = useServices();
  const me = useSignedInId();
  const user = useSessionState((s) => s.user);
  const hasChildren = hasChildrenAmong(user?.relatives);
  const children = useQuery({
    queryKey: ['person', me, 'children'],
    queryFn: ({ signal }) => api.get<Child[]>(`people/${me}/children`, { signal }),
    enabled: me !== null && hasChildren,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
  if (me === null) return { me, people: [] };
  const self: ReplyPerson = { id: me, name: user ? formatPersonName(user) : '', isSelf: true };
  const others = (hasChildren ? (children.data ?? []) : []).filter((c) => c.id !== me).map((c) => ({ id: c.id, name: formatPersonName(c), isSelf: false }));
  return { me, people: [self, ...others] };
}
