import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, CopyButton, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { formatTime } from '@patio/core/format/dateTimes';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { useSessionState } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { SHARE_DURATIONS, useShareLink } from './useShareLink';

/** "30 minutes", "2 hours", "24 hours". */
function durationLabel(t: ReturnType<typeof useTranslation>['t'], minutes: number): string {
  return minutes < 60 ? t('transport.share.minutes', { count: minutes }) : t('transport.share.hours', { count: minutes / 60 });
}

/** Creates a link to the live map for someone without an account (a grandparent, a neighbour), for a while. */
export function ShareSection({ routeId }: { routeId: number }) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const share = useShareLink(routeId);
  const [minutes, setMinutes] = useState<number>(60);
  const created = share.data;
  const canUseSystemShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  function errorText(error: unknown): string {
    if (error instanceof ApiError && error.status === 403) return t('transport.share.notAllowed');
    return describeError(t, error);
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dark.5">
        {t('transport.share.hint')}
      </Text>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label={t('transport.share.duration')}
          value={String(minutes)}
          onChange={(event) => setMinutes(Number(event.currentTarget.value))}
          data={SHARE_DURATIONS.map((value) => ({ value: String(value), label: durationLabel(t, value) }))}
        />
        <Button leftSection={<IconShare size={18} aria-hidden="true" />} loading={share.isPending} onClick={() => share.mutate(minutes)}>
          {t('transport.share.create')}
        </Button>
      </Group>
      {share.isError && <Notice tone="error">{errorText(share.error)}</Notice>}
      {created && (
        <Stack gap={6}>
          <TextInput label={t('transport.share.link')} value={created.url} readOnly onFocus={(event) => event.currentTarget.select()} />
          <Text size="sm" role="status">
            {t('transport.share.expires', { time: formatTime(created.expiresAt * 1000, language) })}
          </Text>
          <Group gap="sm">
            <CopyButton value={created.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}>
                  {copied ? t('transport.share.copied') : t('transport.share.copy')}
                </Button>
              )}
            </CopyButton>
            {canUseSystemShare && (
              <Button variant="default" onClick={() => void navigator.share({ title: t('transport.share.title'), url: created.url }).catch(() => undefined)}>
                {t('transport.share.send')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
