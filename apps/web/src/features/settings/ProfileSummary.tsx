import { useTranslation } from 'react-i18next';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useSessionState } from '../../app/services';
import { PersonAvatar } from '../people';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';

/** Who is signed in, and at which school. */
export function ProfileSummary() {
  const { t } = useTranslation();
  const user = useSessionState((s) => s.user);
  const school = useSessionState((s) => s.school);

  if (!user) return <Skeleton height={48} radius="md" />;
  const name = [user.firstName, user.lastName, user.lastName2].filter(Boolean).join(' ');
  return (
    <Group gap="md" wrap="nowrap">
      <PersonAvatar person={user} size={48} />
      <Stack gap={2}>
        <Text fw={600}>{t('settings.signedInAs', { name })}</Text>
        {school && (
          <Text size="sm" c="dark.5">
            {t('settings.school')}: {school.title}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
