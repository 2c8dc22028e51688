import { useTranslation } from 'react-i18next';
import { Loader, Paper, Stack, Title } from '@mantine/core';
import { RefusalMessage } from '../../app/RefusalMessage';
import { usePerson } from '../people';
import { useSignedInId } from '../../app/session/useSignedInId';
import { AvatarEditor } from './AvatarEditor';
import { ContactDataForm } from './ContactDataForm';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

/** /settings: the signed-in person's picture, email and mobile, in their own section. */
export const ProfileEditor = withDirectoryTerms(function ProfileEditor() {
  const { t } = useTranslation();
  const uid = useSignedInId() ?? NaN;
  const person = usePerson(uid);
  let body;
  if (Number.isNaN(uid) || person.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
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
