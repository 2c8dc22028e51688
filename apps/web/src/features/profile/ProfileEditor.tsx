import { useTranslation } from 'react-i18next';
import { Loader, Stack, Title } from '@mantine/core';
import { RefusalMessage } from '../people/RefusalMessage';
import { usePerson } from '../people/usePeople';
import { useSignedInId } from '../people/useSignedInId';
import { AvatarEditor } from './AvatarEditor';
import { ContactDataForm } from './ContactDataForm';
import '../people/mantineStyles';

/** /settings: the signed-in person's picture, email and mobile. */
export function ProfileEditor() {
  const { t } = useTranslation();
  const uid = useSignedInId() ?? NaN;
  const person = usePerson(uid);
  if (Number.isNaN(uid) || person.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (person.isError) return <RefusalMessage error={person.error} onRetry={() => void person.refetch()} />;
  return (
    <Stack gap="md">
      <AvatarEditor person={person.data} />
      <Title order={3} size="h5">
        {t('profile.contactData')}
      </Title>
      <ContactDataForm key={person.data.id} person={person.data} />
    </Stack>
  );
}
