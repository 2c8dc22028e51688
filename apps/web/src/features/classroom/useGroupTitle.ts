import { useTranslation } from 'react-i18next';
import { useSignedInId } from '../../app/session/useSignedInId';
import { usePerson } from '../people';

/**
 * A group's name as its screens' title. Someone else's classes (a relative's child, a student an
 * administrator opens) say whose they are, "7A de Valentina": a family with two children in 7A and 7B
 * would otherwise read only "7A". Undefined until the group is known.
 */
export function useGroupTitle(personId: number, groupName: string | undefined): string | undefined {
  const { t } = useTranslation();
  const me = useSignedInId();
  const isSomeoneElse = me !== null && Number.isFinite(personId) && personId !== me;
  // Shares the cache entry of the person's other screens (the profile, their work's heading).
  const person = usePerson(isSomeoneElse ? personId : Number.NaN);
  if (groupName === undefined || !isSomeoneElse) return groupName;
  const name = person.data?.firstName.trim();
  return name ? t('classroom.group.ofPerson', { group: groupName, name }) : groupName;
}
