import { useTranslation } from 'react-i18next';
import { Loader, Paper, Stack, Title } from '@mantine/core';
import { RefusalMessage } from '../people/RefusalMessage';
import { usePerson } from '../people/usePeople';
import { useSignedInId } from '../people/useSignedInId';
import { AvatarEditor } from './AvatarEditor';
import { ContactDataForm } from './ContactDataForm';
import '../people/mantineStyles';
import { withDirectoryTerms } from '../people/withDirectoryTerms';

/** /settings: the signed-in person's picture, email and mobile, in their own section. */
export const ProfileEditor = withDirectoryTerms(function ProfileEditor() {
  const { t } = useTranslation();
  const uid = useSignedInId() ?? NaN;
  const person = usePerson(uid);
  let body;
  if (Number.isNaN(uid) || person.isPending) body = <Loader size="sm" aria-label={t('common.loading')} />;
  else if (person.isError) body = <RefusalMessage error={person.error} onRetry={() => void person.refetch()} />;
  else {
    body = (
      <Stack gap="md">
        <AvatarEditor person={person.data} />
        <Title order={3} size="h5">
          {t('profile.contactData')}
        </Title>
        <ContactDataForm key={person.data.id} person={person.data} />
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-edit-profile">
      <Title order={2} size="h4" id="settings-edit-profile" mb="sm">
        {t('profile.title')}
      </Title>
      {body}
    </Paper>
  );
});
