import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { ALERT_METERS, ALERT_MINUTES, type ApproachAlert, type RouteStop } from '@patio/core/schemas/transport';
import { formatNumber } from '@patio/core/format/numbers';
import { describeError } from '../../app/api/describeError';
import { useSessionState } from '../../app/services';
import { LoadFailed } from '../../ui/LoadFailed';
import { Notice } from '../../ui/Notice';
import { checkAlertDraft, draftOf, SUGGESTED, type AlertDraft, type AlertMode } from './approachAlertDraft';
import { useApproachAlert, useSaveApproachAlert } from './useApproachAlert';

const MODES: AlertMode[] = ['distance', 'time', 'off'];

/** The "approaching" alert of a route: which stop, how far or how long before it, or off (PUT …/alerts). */
export function ApproachAlertSection({ routeId, stops }: { routeId: number; stops: RouteStop[] }) {
  const { t } = useTranslation();
  const alert = useApproachAlert(routeId);
  if (alert.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (alert.isError) return <LoadFailed error={alert.error} onRetry={() => void alert.refetch()} />;
  return <ApproachAlertForm key={routeId} routeId={routeId} stops={stops} saved={alert.data} />;
}

function ApproachAlertForm({ routeId, stops, saved }: { routeId: number; stops: RouteStop[]; saved: ApproachAlert | null }) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const save = useSaveApproachAlert(routeId);
  const [draft, setDraft] = useState<AlertDraft>(() => draftOf(saved, stops));
  const [error, setError] = useState<{ field: 'stop' | 'value'; text: string } | null>(null);
  const [done, setDone] = useState<'saved' | 'off' | null>(null);

  const range = {
    minMeters: formatNumber(ALERT_METERS.min, language),
    maxMeters: formatNumber(ALERT_METERS.max, language),
    minMinutes: ALERT_MINUTES.min,
    maxMinutes: ALERT_MINUTES.max,
  };

  function change(part: Partial<AlertDraft>): void {
    setError(null);
    setDone(null);
    setDraft((current) => {
      const next = { ...current, ...part };
      // Switching between a distance and a time suggests a value in the new unit.
      if (part.mode && part.mode !== current.mode) next.value = part.mode === 'off' ? '' : SUGGESTED[part.mode];
      return next;
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const check = checkAlertDraft(draft);
    if (!check.ok) {
      setError({ field: check.field, text: t(`transport.alert.errors.${check.error}`, range) });
      return;
    }
    save.mutate(check.alert, { onSuccess: () => setDone(check.alert.meters === null && check.alert.minutes === null ? 'off' : 'saved') });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dark.5">
          {t('transport.alert.hint')} <Link to="/settings/notifications">{t('transport.alert.channelsLink')}</Link>
        </Text>
        <NativeSelect
          label={t('transport.alert.stop')}
          value={draft.stopId === null ? '' : String(draft.stopId)}
          onChange={(event) => change({ stopId: event.currentTarget.value ? Number(event.currentTarget.value) : null })}
          data={stops.map((stop) => ({ value: String(stop.id), label: stop.mine ? t('transport.map.myStop', { name: stop.name }) : stop.name }))}
          error={error?.field === 'stop' ? error.text : undefined}
        />
        <div>
          <Text component="span" size="sm" fw={500} id={`alert-mode-${routeId}`}>
            {t('transport.alert.when')}
          </Text>
          <SegmentedControl
            fullWidth
            value={draft.mode}
            onChange={(mode) => change({ mode: mode as AlertMode })}
            data={MODES.map((mode) => ({ value: mode, label: t(`transport.alert.modes.${mode}`) }))}
            aria-labelledby={`alert-mode-${routeId}`}
          />
        </div>
        {draft.mode !== 'off' && (
          <TextInput
            label={draft.mode === 'distance' ? t('transport.alert.meters') : t('transport.alert.minutes')}
            description={draft.mode === 'distance' ? t('transport.alert.metersRange', range) : t('transport.alert.minutesRange', range)}
            inputMode="numeric"
            value={draft.value}
            onChange={(event) => change({ value: event.currentTarget.value })}
            error={error?.field === 'value' ? error.text : undefined}
            rightSection={<Text size="sm">{draft.mode === 'distance' ? t('transport.alert.unitMeters') : t('transport.alert.unitMinutes')}</Text>}
            rightSectionWidth={48}
          />
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('transport.alert.save')}
          </Button>
        </Group>
        {done && <Notice>{done === 'off' ? t('transport.alert.savedOff') : t('transport.alert.saved')}</Notice>}
        {save.isError && <Notice tone="error">{describeError(t, save.error)}</Notice>}
      </Stack>
    </form>
  );
}
