import { useTranslation } from 'react-i18next';
import { NativeSelect, Stack, Switch } from '@mantine/core';
import type { PostSettings, Replies } from '@patio/core/schemas/posts';

export interface SettingsSectionProps {
  settings: PostSettings;
  onChange: (settings: PostSettings) => void;
}

const REPLIES: Replies[] = ['author', 'all', 'off'];

/** Post settings of spec §3: highlight, notifications, recipients visible, replies, forward. */
export function SettingsSection({ settings, onChange }: SettingsSectionProps) {
  const { t } = useTranslation();
  const toggle = (key: 'highlight' | 'notifications' | 'recipientsVisible' | 'forward') => (
    <Switch
      key={key}
      label={t(`compose.settings.${key}`)}
      description={t(`compose.settings.${key}Hint`)}
      checked={settings[key]}
      onChange={(event) => onChange({ ...settings, [key]: event.currentTarget.checked })}
      size="md"
    />
  );
  return (
    <Stack gap="md">
      {toggle('highlight')}
      {toggle('notifications')}
      {toggle('recipientsVisible')}
      {toggle('forward')}
      <NativeSelect
        label={t('compose.settings.replies')}
        value={settings.replies}
        onChange={(event) => onChange({ ...settings, replies: event.currentTarget.value as Replies })}
        data={REPLIES.map((value) => ({ value, label: t(`compose.settings.repliesOptions.${value}`) }))}
        maw={360}
      />
    </Stack>
  );
}
