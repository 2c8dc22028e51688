import { useTranslation } from 'react-i18next';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { hasChildrenAmong } from '@patio/core/people/relationshipKinds';
import { useGoBack } from '../../app/back/useGoBack';
import { useSessionState } from '../../app/services';
import { useSignedInId } from '../../app/session/useSignedInId';
import { LoadFailed } from '../../ui/LoadFailed';
import { PageShell } from '../../ui/PageShell';
import { BrowserPushSection } from './BrowserPushSection';
import { ChannelSwitches } from './ChannelSwitches';
import { DigestSection } from './DigestSection';
import { GuardianSummarySection } from './GuardianSummarySection';
import { QuietHoursSection } from './QuietHoursSection';
import { SaveState } from './SaveState';
import { withChannel, withTypeChannel } from './settingsModel';
import { TypeOverridesSection } from './TypeOverridesSection';
import { useNotificationSettings } from './useNotificationSettings';
import { useSettingsAutosave } from './useSettingsAutosave';
import './notificationsStyles';

/**
 * /settings/notifications: this device, the channels, per-type exceptions, quiet hours, the daily digest
 * and, for families, the weekly classwork summary; saved as they change.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/settings');
  const me = useSignedInId();
  const hasChildren = useSessionState((s) => hasChildrenAmong(s.user?.relatives));
  const query = useNotificationSettings(me);
  const { settings, status, error, change, retry } = useSettingsAutosave(me, query.data);

  let body;
  if (query.isError) {
    body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!settings) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else {
    body = (
      <>
        <SaveState status={status} error={error} onRetry={() => void retry()} />
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notifications-channels">
          <Title order={2} size="h4" id="notifications-channels" mb={4}>
            {t('notificationSettings.channels.title')}
          </Title>
          <Text size="sm" c="dark.5" mb="sm">
            {t('notificationSettings.channels.hint')}
          </Text>
          <ChannelSwitches values={settings.channels} onChange={(channel, on) => change((s) => withChannel(s, channel, on))} testId="channel" />
        </Paper>
        <TypeOverridesSection settings={settings} onChange={(type, channel, on) => change((s) => withTypeChannel(s, type, channel, on))} />
        <QuietHoursSection quietHours={settings.quietHours} onChange={(quietHours) => change((s) => ({ ...s, quietHours }))} />
        <DigestSection digest={settings.digest} digestTime={settings.digestTime} emailOn={settings.channels.email} onChange={(part) => change((s) => ({ ...s, ...part }))} />
        {/* Only a family has children to summarise; someone who turned it on keeps the switch to turn it off. */}
        {(hasChildren || settings.guardianSummary) && (
          <GuardianSummarySection
            guardianSummary={settings.guardianSummary}
            emailOn={settings.channels.email}
            onChange={(guardianSummary) => change((s) => ({ ...s, guardianSummary }))}
          />
        )}
      </>
    );
  }

  return (
    <PageShell title={t('screens.notifications')} onBack={goBack}>
      <Stack gap="lg" maw={720}>
        <BrowserPushSection />
        {body}
      </Stack>
    </PageShell>
  );
}
