import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { isNativeApp } from '../../app/platform/capacitor';
import { Notice } from '../../ui/Notice';
import { useBrowserPush } from './useBrowserPush';

/** Long labels ("Turn on notifications in this browser") wrap on a phone instead of being cut. */
const wrappingButton = { root: { height: 'auto', minHeight: 36, maxWidth: '100%' }, label: { whiteSpace: 'normal' as const, paddingBlock: 6 } };

/**
 * "This browser" (or "This device" in the app): whether posts reach it as notifications, with the
 * button that asks the browser for permission. Blocked and unsupported say what to do instead (spec §8).
 */
export function BrowserPushSection() {
  const { t } = useTranslation();
  const { state, busy, failure, turnOn, turnOff } = useBrowserPush();
  const where = isNativeApp() ? 'app' : 'browser';

  let body;
  if (state === 'checking') body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (state === 'unsupported') {
    body = (
      <Notice>
        <strong data-testid="push-unsupported">{t('push.serviceWorkerUnsupported')}</strong> {t('push.unsupportedHint')}
      </Notice>
    );
  } else if (state === 'blocked') {
    body = (
      <Notice>
        <strong data-testid="push-denied">{t('push.permissionDenied')}</strong> {t(`push.deniedHint.${where}`)}
      </Notice>
    );
  } else if (state === 'on') {
    body = (
      <Group gap="sm" justify="space-between">
        <Text data-testid="push-state">{t(`notificationSettings.device.on.${where}`)}</Text>
        <Button variant="outline" styles={wrappingButton} onClick={() => void turnOff()} loading={busy} leftSection={<IconBellOff size={18} aria-hidden="true" />} data-testid="push-turn-off">
          {t(`notificationSettings.device.turnOff.${where}`)}
        </Button>
      </Group>
    );
  } else {
    body = (
      <Group gap="sm" justify="space-between">
        <Text data-testid="push-state">{t(`notificationSettings.device.off.${where}`)}</Text>
        <Button styles={wrappingButton} onClick={() => void turnOn()} loading={busy} leftSection={<IconBell size={18} aria-hidden="true" />} data-testid="push-turn-on">
          {t(`notificationSettings.device.turnOn.${where}`)}
        </Button>
      </Group>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notifications-device">
      <Title order={2} size="h4" id="notifications-device" mb={4}>
        {t(`notificationSettings.device.title.${where}`)}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t(`notificationSettings.device.hint.${where}`)}
      </Text>
      {body}
      {failure && <Notice tone="error">{t(`notificationSettings.device.failed.${failure}`)}</Notice>}
    </Paper>
  );
}
