import { useTranslation } from 'react-i18next';
import { Stack, Switch, Text } from '@mantine/core';
import { Notice } from '../../ui/Notice';
import { EventFields } from '../calendar';
import type { EventPart } from './useEventPart';

export interface EventSectionProps {
  part: EventPart;
  timeZone: string;
}

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The calendar event of the post: off by default; on, the shared event fields in the school's zone. */
export function EventSection({ part, timeZone }: EventSectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Switch
        label={t('composeEvent.toggle')}
        description={t('composeEvent.toggleHint')}
        checked={part.isOn}
        onChange={(event) => part.setOn(event.currentTarget.checked)}
        size="md"
      />
      {part.isOn && (
        <>
          {deviceZone() !== timeZone && (
            <Text size="sm" c="dark.5">
              {t('composeEvent.schoolZone', { zone: timeZone.replaceAll('_', ' ') })}
            </Text>
          )}
          <EventFields value={part.draft} onChange={part.change} errors={part.errors} />
          {part.isRefusedOtherwise && <Notice tone="error">{t('composeEvent.errors.refused')}</Notice>}
        </>
      )}
    </Stack>
  );
}
