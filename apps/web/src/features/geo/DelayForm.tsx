import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, TextInput } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { describeError } from '../../app/api/describeError';
import { Notice } from '../../ui/Notice';
import { useRunEvent } from '../transport';

/** ZRunEventInput 'delayed': whole minutes from 1 to 240. */
export const DELAY_MINUTES = { min: 1, max: 240 } as const;

/** "Report delay": tells the families of the route the bus is N minutes late. */
export function DelayForm({ routeId, runId }: { routeId: number; runId: number }) {
  const { t } = useTranslation();
  const event = useRunEvent(routeId);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('10');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);

  function handleOpen(): void {
    setOpen(true);
    setSent(null);
  }

  function handleSubmit(formEvent: FormEvent<HTMLFormElement>): void {
    formEvent.preventDefault();
    const text = value.trim();
    const minutes = Number(text);
    if (!/^\d+$/.test(text) || minutes < DELAY_MINUTES.min || minutes > DELAY_MINUTES.max) {
      setError(t('geo.delay.invalid', DELAY_MINUTES));
      return;
    }
    setError(null);
    event.mutate(
      { runId, event: { kind: 'delayed', minutes } },
      {
        onSuccess: () => {
          setSent(minutes);
          setOpen(false);
        },
      },
    );
  }

  return (
    <>
      {!open && (
        <Button variant="light" leftSection={<IconClockExclamation size={20} aria-hidden="true" />} onClick={handleOpen}>
          {t('geo.delay.report')}
        </Button>
      )}
      {open && (
        <form onSubmit={handleSubmit} noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput label={t('geo.delay.minutes')} inputMode="numeric" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} w={160} data-autofocus />
            <Group gap="xs" mt={25}>
              <Button type="submit" loading={event.isPending}>
                {t('geo.delay.send')}
              </Button>
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Group>
        </form>
      )}
      {sent !== null && <Notice>{t('geo.delay.sent', { count: sent })}</Notice>}
      {event.isError && <Notice tone="error">{describeError(t, event.error)}</Notice>}
    </>
  );
}
