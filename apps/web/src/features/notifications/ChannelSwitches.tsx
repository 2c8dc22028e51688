import { useTranslation } from 'react-i18next';
import { Stack, Switch, Text } from '@mantine/core';
import { NOTIFICATION_CHANNELS, type ChannelSwitches as Channels, type NotificationChannel } from '@patio/core/schemas/notifications';

export interface ChannelSwitchesProps {
  values: Channels;
  onChange: (channel: NotificationChannel, on: boolean) => void;
  /** The general switches, when these are one kind of post's: a difference is said beside the switch. */
  general?: Channels;
  /** Prefix of each switch's test id: `{testId}-{channel}`. */
  testId: string;
}

/** One switch per channel: email, SMS, the iPhone/iPad and Android apps, browsers. */
export function ChannelSwitches({ values, onChange, general, testId }: ChannelSwitchesProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {NOTIFICATION_CHANNELS.map((channel) => {
        // Said beside the switch, not in its label: the switch keeps the channel's name as its own.
        const differs = general !== undefined && general[channel] !== values[channel];
        const noteId = `${testId}-${channel}-differs`;
        return (
          <div key={channel}>
            <Switch
              size="md"
              label={t(`notificationSettings.channels.${channel}`)}
              checked={values[channel]}
              onChange={(event) => onChange(channel, event.currentTarget.checked)}
              aria-describedby={differs ? noteId : undefined}
              data-testid={`${testId}-${channel}`}
            />
            {differs && (
              <Text id={noteId} size="sm" c="blue.9" ml={54}>
                {t('notificationSettings.types.differs')}
              </Text>
            )}
          </div>
        );
      })}
    </Stack>
  );
}
