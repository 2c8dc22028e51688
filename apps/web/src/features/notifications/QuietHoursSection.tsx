import { useTranslation } from 'react-i18next';
import { Group, Paper, TextInput, Title, Text } from '@mantine/core';
import type { NotificationSettings } from '@patio/core/schemas/notifications';
import { DEFAULT_QUIET_HOURS, quietHoursProblem } from './settingsModel';
import { HintedSwitch } from './HintedSwitch';

export interface QuietHoursSectionProps {
  quietHours: NotificationSettings['quietHours'];
  onChange: (quietHours: NotificationSettings['quietHours']) => void;
}

/** Hours without notifications (urgent notices still arrive): a switch and the two times. */
export function QuietHoursSection({ quietHours, onChange }: QuietHoursSectionProps) {
  const { t } = useTranslation();
  const problems = quietHoursProblem(quietHours);
  const problemText = (problem: string | undefined) => (problem ? t(`notificationSettings.quietHours.${problem}`) : undefined);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notifications-quiet">
      <Title order={2} size="h4" id="notifications-quiet" mb="sm">
        {t('notificationSettings.quietHours.title')}
      </Title>
      <HintedSwitch
        label={t('notificationSettings.quietHours.toggle')}
        hint={t('notificationSettings.quietHours.hint')}
        checked={quietHours !== null}
        onChange={(event) => onChange(event.currentTarget.checked ? { ...DEFAULT_QUIET_HOURS } : null)}
        testId="quiet-hours"
      />
      {quietHours && (
        <>
          <Group mt="md" gap="md" align="flex-start">
            <TextInput
              type="time"
              label={t('notificationSettings.quietHours.start')}
              value={quietHours.start}
              onChange={(event) => onChange({ ...quietHours, start: event.currentTarget.value })}
              error={problemText(problems.start)}
              w={150}
            />
            <TextInput
              type="time"
              label={t('notificationSettings.quietHours.end')}
              value={quietHours.end}
              onChange={(event) => onChange({ ...quietHours, end: event.currentTarget.value })}
              error={problemText(problems.end)}
              w={150}
            />
          </Group>
          <Text size="sm" c="dark.5" mt="xs">
            {t('notificationSettings.quietHours.schoolTime')}
          </Text>
        </>
      )}
    </Paper>
  );
}
