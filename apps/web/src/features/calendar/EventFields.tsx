import { useTranslation } from 'react-i18next';
import { NativeSelect, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { MAX_EVENT_OCCURRENCES, MAX_EVENT_TEXT_LENGTH, MAX_EVENT_TITLE_LENGTH, RECURRENCE_FREQUENCIES } from '@patio/core/schemas/calendar';
import { CalendarDatesProvider } from './CalendarDatesProvider';
import { moveEventStart, type EventDraft, type EventDraftErrors, type EventDraftField, type RepeatChoice, type RepeatEnd } from './eventDraft';
import classes from './calendar.module.css';
import './calendarStyles';

export interface EventFieldsProps {
  value: EventDraft;
  onChange: (draft: EventDraft) => void;
  /** Problems to show beside their fields (eventDraftProblems), usually once a send was tried. */
  errors?: EventDraftErrors;
  /** A text field for details (a post carries its own description, a calendar event does not). */
  showDetails?: boolean;
  disabled?: boolean;
}

const REPEATS: RepeatChoice[] = ['none', ...RECURRENCE_FREQUENCIES];
const REPEAT_ENDS: RepeatEnd[] = ['never', 'until', 'count'];
const DAY_FORMAT = 'D MMM YYYY';

/**
 * The fields of a calendar event (issue 11 §3): title, all day, start, end, location, repeat and
 * RSVP. Days and times are the school's wall clock; the compose screen and the calendar share it.
 */
export function EventFields({ value, onChange, errors = {}, showDetails = false, disabled = false }: EventFieldsProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<EventDraft>) => onChange({ ...value, ...patch });
  const errorOf = (field: EventDraftField) => (errors[field] ? t(`calendar.fields.problems.${errors[field]}`) : undefined);
  const dayProps = { valueFormat: DAY_FORMAT, size: 'md' as const, disabled, popoverProps: { withinPortal: true } };

  return (
    <CalendarDatesProvider>
      <Stack gap="md" className={classes.eventFields}>
        <TextInput
          label={t('calendar.fields.title')}
          placeholder={t('calendar.untitled')}
          value={value.title}
          maxLength={MAX_EVENT_TITLE_LENGTH}
          onChange={(event) => set({ title: event.currentTarget.value })}
          disabled={disabled}
          size="md"
        />
        <Switch label={t('calendar.fields.allDay')} checked={value.allDay} onChange={(event) => set({ allDay: event.currentTarget.checked })} disabled={disabled} size="md" />
        <SimpleGrid cols={{ base: value.allDay ? 1 : 2, xs: 2, md: value.allDay ? 2 : 4 }} spacing="sm">
          <DatePickerInput
            {...dayProps}
            label={t('calendar.fields.startDay')}
            value={value.startDay || null}
            onChange={(day) => onChange(moveEventStart(value, day ?? ''))}
            error={errorOf('startDay')}
          />
          {!value.allDay && (
            <TimeInput
              label={t('calendar.fields.startTime')}
              value={value.startTime}
              onChange={(event) => onChange(moveEventStart(value, value.startDay, event.currentTarget.value))}
              error={errorOf('startTime')}
              disabled={disabled}
              size="md"
            />
          )}
          <DatePickerInput {...dayProps} label={t('calendar.fields.endDay')} value={value.endDay || null} onChange={(day) => set({ endDay: day ?? '' })} error={errorOf('endDay')} />
          {!value.allDay && (
            <TimeInput
              label={t('calendar.fields.endTime')}
              value={value.endTime}
              onChange={(event) => set({ endTime: event.currentTarget.value })}
              error={errorOf('endTime')}
              disabled={disabled}
              size="md"
            />
          )}
        </SimpleGrid>
        <TextInput
          label={t('calendar.fields.location')}
          value={value.location}
          maxLength={MAX_EVENT_TEXT_LENGTH}
          onChange={(event) => set({ location: event.currentTarget.value })}
          disabled={disabled}
          size="md"
        />
        {showDetails && (
          <Textarea
            label={t('calendar.fields.details')}
            value={value.secondary}
            maxLength={MAX_EVENT_TEXT_LENGTH}
            autosize
            minRows={2}
            onChange={(event) => set({ secondary: event.currentTarget.value })}
            disabled={disabled}
            size="md"
          />
        )}
        <RepeatFields value={value} set={set} errorOf={errorOf} disabled={disabled} />
        <Switch
          label={t('calendar.fields.rsvp')}
          description={t('calendar.fields.rsvpHint')}
          checked={value.rsvp}
          onChange={(event) => set({ rsvp: event.currentTarget.checked })}
          disabled={disabled}
          size="md"
        />
      </Stack>
    </CalendarDatesProvider>
  );
}

interface RepeatFieldsProps {
  value: EventDraft;
  set: (patch: Partial<EventDraft>) => void;
  errorOf: (field: EventDraftField) => string | undefined;
  disabled: boolean;
}

function RepeatFields({ value, set, errorOf, disabled }: RepeatFieldsProps) {
  const { t } = useTranslation();
  const repeat = (
    <NativeSelect
      label={t('calendar.fields.repeat')}
      value={value.repeat}
      onChange={(event) => set({ repeat: event.currentTarget.value as RepeatChoice })}
      data={REPEATS.map((choice) => ({ value: choice, label: t(`calendar.fields.repeatOptions.${choice}`) }))}
      disabled={disabled}
      size="md"
    />
  );
  if (value.repeat === 'none') return repeat;
  const asNumber = (input: string | number) => (typeof input === 'number' ? input : Number.parseInt(input, 10) || 0);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      {repeat}
      <NumberInput
        label={t(`calendar.fields.interval.${value.repeat}`)}
        value={value.interval}
        min={1}
        max={99}
        allowDecimal={false}
        onChange={(input) => set({ interval: asNumber(input) })}
        error={errorOf('interval')}
        disabled={disabled}
        size="md"
      />
      <NativeSelect
        label={t('calendar.fields.repeatEnd')}
        value={value.repeatEnd}
        onChange={(event) => set({ repeatEnd: event.currentTarget.value as RepeatEnd })}
        data={REPEAT_ENDS.map((end) => ({ value: end, label: t(`calendar.fields.repeatEndOptions.${end}`) }))}
        disabled={disabled}
        size="md"
      />
      {value.repeatEnd === 'until' && (
        <DatePickerInput
          label={t('calendar.fields.until')}
          valueFormat={DAY_FORMAT}
          value={value.until || null}
          minDate={value.startDay || undefined}
          onChange={(day) => set({ until: day ?? '' })}
          error={errorOf('until')}
          popoverProps={{ withinPortal: true }}
          disabled={disabled}
          size="md"
        />
      )}
      {value.repeatEnd === 'count' && (
        <NumberInput
          label={t('calendar.fields.count')}
          value={value.count}
          min={1}
          max={MAX_EVENT_OCCURRENCES}
          allowDecimal={false}
          onChange={(input) => set({ count: asNumber(input) })}
          error={errorOf('count')}
          disabled={disabled}
          size="md"
        />
      )}
    </SimpleGrid>
  );
}
