import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@patio/core/schemas/people';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

export type { Contact };
export type ContactGroup = 'teachers' | 'staff' | 'family' | 'members';

const TEACHING: readonly string[] = ['teacher', 'substitute_teacher', 'group_director'];
const STAFF: readonly string[] = ['staff', 'colleague'];

/** Which section a contact sits in, by the server's reasons (teachers first). */
export function groupOf(contact: Contact): ContactGroup {
  const { reasons } = contact;
  if (reasons.some((r) => TEACHING.includes(r))) return 'teachers';
  if (reasons.some((r) => STAFF.includes(r))) return 'staff';
  // Own relatives and the other relatives of one's children (co-parents, step-parents).
  if (reasons.includes('relative') || reasons.includes('family')) return 'family';
  return 'members';
}

/** GET people/{me}/contacts: the people the signed-in person may message. */
export function useContacts(personId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['person', personId, 'contacts'],
    queryFn: () => api.get<Contact[]>(`people/${personId}/contacts`),
    enabled: personId !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
