import { useTranslation } from 'react-i18next';
import { Paper, Text, TextInput, Title } from '@mantine/core';
import { ZTimeOfDay } from '@patio/core/schemas/notifications';
import { HintedSwitch } from './HintedSwitch';

export interface DigestSectionProps {
  digest: boolean;
  digestTime: string;
  emailOn: boolean;
  onChange: (change: { digest?: boolean; digestTime?: string }) => void;
}

/** One email a day with everything new instead of an email per post. */
export function DigestSection({ digest, digestTime, emailOn, onChange }: DigestSectionProps) {
  const { t } = useTranslation();
  const timeValid = ZTimeOfDay.safeParse(digestTime).success;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notifications-digest">
      <Title order={2} size="h4" id="notifications-digest" mb="sm">
        {t('notificationSettings.digest.title')}
      </Title>
      <HintedSwitch
        label={t('notificationSettings.digest.toggle')}
        hint={t('notificationSettings.digest.hint')}
        checked={digest}
        onChange={(event) => onChange({ digest: event.currentTarget.checked })}
        testId="digest"
      />
      {digest && (
        <TextInput
          type="time"
          mt="md"
          w={150}
          label={t('notificationSettings.digest.time')}
          value={digestTime}
          onChange={(event) => onChange({ digestTime: event.currentTarget.value })}
          error={timeValid ? undefined : t('notificationSettings.quietHours.missing')}
        />
      )}
      {digest && !emailOn && (
        <Text size="sm" c="dark.5" mt="xs">
          {t('notificationSettings.digest.emailOff')}
        </Text>
      )}
    </Paper>
  );
}
