import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CalendarEvent } from '@patio/core/schemas/calendar';
import { useNodeOptions } from '../nodes';
import { EventFields } from './EventFields';
import { emptyEventDraft, eventDraftFromEvent, eventDraftProblems, eventDraftToInput, type EventDraft, type EventDraftErrors } from './eventDraft';
import { useCreateEvent, useUpdateEvent } from './useCalendarEvent';
import { useSchoolTimeZone } from '../../app/schoolTimeZone';
import './calendarStyles';

export interface EventFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The event to change; absent: a new event on a group's calendar. */
  event?: CalendarEvent;
  /** A day to start the new event on ('YYYY-MM-DD'). */
  initialDay?: string;
  onSaved: (event: CalendarEvent) => void;
}

/** The new-event and edit-event form of the calendar (staff): mounted only while open, so it starts fresh. */
export function EventFormDialog(props: EventFormDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t(props.event ? 'calendar.form.editTitle' : 'calendar.form.createTitle')}
      size="xl"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {props.opened && <EventForm {...props} />}
    </Modal>
  );
}

function EventForm(props: EventFormDialogProps) {
  const { t } = useTranslation();
  const schoolZone = useSchoolTimeZone();
  // An event is read and written back in its own zone, so saving it unchanged moves nothing; a new
  // one waits for the school's.
  const timeZone = props.event?.timeZone ?? schoolZone;
  if (timeZone === null) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  return <EventFormFields {...props} timeZone={timeZone} />;
}

function EventFormFields({ event, initialDay, onClose, onSaved, timeZone }: EventFormDialogProps & { timeZone: string }) {
  const { t } = useTranslation();
  const nodes = useNodeOptions();
  const create = useCreateEvent();
  const update = useUpdateEvent(event?.id ?? 0);
  const [draft, setDraft] = useState<EventDraft>(() => {
    if (event) return eventDraftFromEvent(event, timeZone);
    const fresh = emptyEventDraft(Date.now(), timeZone);
    return initialDay ? { ...fresh, startDay: initialDay, endDay: initialDay } : fresh;
  });
  const [nodeId, setNodeId] = useState('');
  const [errors, setErrors] = useState<EventDraftErrors>({});
  const [nodeMissing, setNodeMissing] = useState(false);
  const saving = create.isPending || update.isPending;
  const failed = create.isError || update.isError;

  const handleChange = (next: EventDraft) => {
    setDraft(next);
    if (Object.keys(errors).length > 0) setErrors(eventDraftProblems(next));
  };

  const handleSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    const problems = eventDraftProblems(draft);
    setErrors(problems);
    setNodeMissing(!event && nodeId === '');
    if (Object.keys(problems).length > 0 || (!event && nodeId === '')) return;
    const input = eventDraftToInput(draft, timeZone);
    if (event) update.mutate(input, { onSuccess: onSaved });
    else create.mutate({ ...input, nodeId: Number(nodeId) }, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        {!event &&
          (nodes.length === 0 ? (
            <Text c="gray.7">{t('calendar.form.noCalendars')}</Text>
          ) : (
            <NativeSelect
              label={t('calendar.form.calendar')}
              description={t('calendar.form.calendarHint')}
              value={nodeId}
              onChange={(change) => setNodeId(change.currentTarget.value)}
              data={[{ value: '', label: '—' }, ...nodes]}
              error={nodeMissing ? t('calendar.form.chooseCalendar') : undefined}
              required
              size="md"
            />
          ))}
        <EventFields value={draft} onChange={handleChange} errors={errors} showDetails disabled={saving} />
        {failed && (
          <Text role="alert" c="red.8">
            {t('calendar.form.failed')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t(event ? 'calendar.form.save' : 'calendar.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
