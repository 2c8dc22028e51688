import { useTranslation } from 'react-i18next';
import { Paper, Text, Title } from '@mantine/core';
import { HintedSwitch } from './HintedSwitch';

export interface GuardianSummarySectionProps {
  guardianSummary: boolean;
  emailOn: boolean;
  onChange: (guardianSummary: boolean) => void;
}

/** The weekly email to families with their children's missing and upcoming classwork (off until chosen). */
export function GuardianSummarySection({ guardianSummary, emailOn, onChange }: GuardianSummarySectionProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notifications-guardian-summary">
      <Title order={2} size="h4" id="notifications-guardian-summary" mb="sm">
        {t('notificationSettings.guardianSummary.title')}
      </Title>
      <HintedSwitch
        label={t('notificationSettings.guardianSummary.toggle')}
        hint={t('notificationSettings.guardianSummary.hint')}
        checked={guardianSummary}
        onChange={(event) => onChange(event.currentTarget.checked)}
        testId="guardian-summary"
      />
      {guardianSummary && !emailOn && (
        <Text size="sm" c="dark.5" mt="xs">
          {t('notificationSettings.guardianSummary.emailOff')}
        </Text>
      )}
    </Paper>
  );
}
