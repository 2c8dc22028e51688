import { useTranslation } from 'react-i18next';
import { Accordion, Loader, Paper, Text, Title } from '@mantine/core';
import { channelOnFor, NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationSettings } from '@patio/core/schemas/notifications';
import type { PostTypeKey } from '@patio/core/schemas/posts';
import { describeError } from '../../app/api/describeError';
import { Notice } from '../../ui/Notice';
import { postTypeName, usePostTypeList } from '../postTypes';
import { ChannelSwitches } from './ChannelSwitches';
import { differingChannels } from './settingsModel';

export interface TypeOverridesSectionProps {
  settings: NotificationSettings;
  onChange: (type: PostTypeKey, channel: NotificationChannel, on: boolean) => void;
}

/** Each kind of post, opened to its own switches; the closed row says whether it follows the general ones. */
export function TypeOverridesSection({ settings, onChange }: TypeOverridesSectionProps) {
  const { t, i18n } = useTranslation();
  const types = usePostTypeList();

  let body;
  if (types.isError) body = <Notice tone="error">{describeError(t, types.error)}</Notice>;
  else if (types.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else {
    body = (
      <Accordion multiple variant="separated" chevronPosition="right">
        {types.data.map((postType) => {
          const name = postTypeName(postType, i18n.language, 'plural');
          const differing = differingChannels(settings, postType.type);
          const values = Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, channelOnFor(settings, postType.type, c)])) as NotificationSettings['channels'];
          return (
            <Accordion.Item key={postType.type} value={postType.type}>
              <Accordion.Control data-testid={`type-${postType.type}`}>
                <Text fw={600}>{name}</Text>
                <Text size="sm" c={differing.length > 0 ? 'blue.9' : 'dark.5'}>
                  {differing.length > 0
                    ? t('notificationSettings.types.changed', { channels: differing.map((c) => t(`notificationSettings.channels.${c}`)).join(', ') })
                    : t('notificationSettings.types.likeGeneral')}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <ChannelSwitches values={values} general={settings.channels} onChange={(channel, on) => onChange(postType.type, channel, on)} testId={`type-${postType.type}`} />
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notifications-types">
      <Title order={2} size="h4" id="notifications-types" mb={4}>
        {t('notificationSettings.types.title')}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t('notificationSettings.types.hint')}
      </Text>
      {body}
    </Paper>
  );
}
