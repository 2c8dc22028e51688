import { useTranslation } from 'react-i18next';
import { Stack, Text, Title } from '@mantine/core';
import { httpsFormOf } from './webcalLinks';
import classes from './settings.module.css';

const APPS = ['google', 'outlook', 'apple'] as const;
const STEPS = ['step1', 'step2', 'step3'] as const;

/** How to add the address to Google Calendar, Outlook and Apple Calendar, step by step. */
export function SubscriptionInstructions({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" mt="md">
      <Text size="sm">{t('calendarSettings.subscription.howTo')}</Text>
      {APPS.map((app) => (
        <section key={app} aria-labelledby={`calendar-how-${app}`}>
          <Title order={3} size="h5" id={`calendar-how-${app}`} mb={4}>
            {t(`calendarSettings.subscription.${app}.title`)}
          </Title>
          <ol className={classes.steps}>
            {STEPS.map((step) => (
              <li key={step}>
                <Text size="sm">{t(`calendarSettings.subscription.${app}.${step}`)}</Text>
              </li>
            ))}
          </ol>
          {app === 'google' && (
            <Text size="sm" className={classes.address}>
              {httpsFormOf(url)}
            </Text>
          )}
        </section>
      ))}
      <Text size="sm" c="dark.5">
        {t('calendarSettings.subscription.refreshNote')}
      </Text>
    </Stack>
  );
}
