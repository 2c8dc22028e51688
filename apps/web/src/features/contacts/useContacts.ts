import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import { isRefusal } from '../people/usePeople';
import type { PersonCard } from '../people/types';

export type ContactGroup = 'teachers' | 'staff' | 'family' | 'members';

/** A person the signed-in person may message, with why (GET people/{id}/contacts `reasons`). */
export interface Contact extends PersonCard {
  reasons?: string[];
  group?: ContactGroup | string | null;
  nodeName?: string | null;
}

const TEACHING = ['teacher', 'substitute_teacher', 'group_director'];
const STAFF = ['administrator', 'employee', 'staff', 'colleague'];

/** Which section a contact sits in: by the server's reasons (teachers first), else by the roles. */
export function groupOf(contact: Contact): ContactGroup {
  const reasons = contact.reasons ?? [];
  if (reasons.some((r) => TEACHING.includes(r))) return 'teachers';
  if (reasons.some((r) => STAFF.includes(r))) return 'staff';
  // Own relatives and the other relatives of one's children (co-parents, step-parents).
  if (reasons.includes('relative') || reasons.includes('family')) return 'family';
  if (reasons.length > 0) return 'members';
  if (contact.group === 'teachers' || contact.group === 'staff' || contact.group === 'family' || contact.group === 'members') return contact.group;
  const roles = contact.roles ?? [];
  if (roles.some((r) => TEACHING.includes(r))) return 'teachers';
  if (contact.isAdmin || roles.some((r) => STAFF.includes(r))) return 'staff';
  return 'members';
}

/** Reads an array of contacts or an object of groups ({teachers, staff, members}). */
function readContacts(body: unknown): Contact[] {
  if (Array.isArray(body)) return body as Contact[];
  if (body && typeof body === 'object') {
    return Object.entries(body as Record<string, unknown>).flatMap(([group, list]) =>
      Array.isArray(list) ? (list as Contact[]).map((c) => ({ ...c, group: c.group ?? group })) : [],
    );
  }
  return [];
}

/** GET people/{me}/contacts: the people the signed-in person may message. */
export function useContacts(personId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['person', personId, 'contacts'],
    queryFn: async () => readContacts(await api.get(`people/${personId}/contacts`)),
    enabled: personId !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
