import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../app/services';
import { relativeKindLabel } from './relativeKind';
import type { Contact } from './useContacts';

/**
 * What each of the signed-in person's own relatives is to them ("Hijo", "Hija", "Madre"), by id. The
 * kinds come with their own profile, the genders with their own contacts list (which carries the
 * gender of one's own relatives), so naming them costs no request per relative.
 */
export function useOwnFamilyLabels(contacts: readonly Contact[] | undefined): Map<number, string> {
  const { t } = useTranslation();
  const relatives = useSessionState((s) => s.user?.relatives) ?? [];
  const genderOf = new Map((contacts ?? []).map((c) => [c.id, c.gender] as const));
  return new Map(relatives.map((relative) => [relative.id, relativeKindLabel(t, relative.kind, genderOf.get(relative.id))]));
}
