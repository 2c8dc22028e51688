import { useTranslation } from 'react-i18next';
import { Pill } from '@mantine/core';
import { formatPersonName } from '@patio/core/people/displayName';
import type { PersonCard } from '@patio/core/schemas/people';
import { usePerson } from '../people';

export interface RecipientChipProps {
  personId: number;
  /** The card when the picker already has it (picked from a list); else it is read (a reopened draft). */
  card?: PersonCard;
  onRemove: () => void;
}

/** One chosen person, with a button that takes them off the list (reachable by keyboard: Mantine hides it by default). */
export function RecipientChip({ personId, card, onRemove }: RecipientChipProps) {
  const { t } = useTranslation();
  const person = usePerson(card ? Number.NaN : personId);
  const name = formatPersonName(card ?? person.data) || (person.isError ? t('compose.people.unknown', { id: personId }) : '…');
  return (
    <Pill size="md" withRemoveButton onRemove={onRemove} removeButtonProps={{ 'aria-label': t('compose.people.remove', { name }), 'aria-hidden': false, tabIndex: 0 }}>
      {name}
    </Pill>
  );
}
