import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Textarea, VisuallyHidden } from '@mantine/core';
import { IconBellCheck, IconBellOff, IconCloudUpload, IconMessage } from '@tabler/icons-react';
import { ATTENDANCE_NOTE_MAX, type AttendanceType } from '@patio/core/schemas/attendance';
import { timeOfDay, typeLabel } from './attendanceText';
import type { StudentState } from './rollModel';
import { TYPE_ICONS } from './typeIcons';
import classes from './attendance.module.css';

/** The three choices on every row; "excused" is in the row's details. */
const CHOICES: readonly AttendanceType[] = ['present', 'absent', 'late'];

export interface RollRowProps {
  state: StudentState;
  canMark: boolean;
  language: string | null;
  zone: string;
  onMark(personId: number, type: AttendanceType, note: string): void;
}

/** One student of the roll: name and code, one tap on present / absent / late, and a note in the details. */
export const RollRow = memo(function RollRow({ state, canMark, language, zone, onMark }: RollRowProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const { entry, type, source } = state;
  const { person, record } = entry;
  const detailsId = `roll-details-${person.id}`;
  const firstExcuse = record?.excuses[0];

  return (
    <li className={classes.row} data-type={type} data-source={source}>
      <button type="button" className={classes.who} aria-expanded={isOpen} aria-controls={detailsId} onClick={() => setOpen((open) => !open)}>
        <span className={classes.name}>{person.name}</span>
        <span className={classes.meta}>
          {person.studentCode && <span>{person.studentCode}</span>}
          {type === 'excused' && <span>{typeLabel(t, 'excused')}</span>}
          {source === 'draft' && <span>{t('attendance.roll.unsaved')}</span>}
          {source === 'queued' && (
            <span>
              <IconCloudUpload size={14} aria-hidden="true" />
              <VisuallyHidden>{t('attendance.sync.pending', { count: 1 })}</VisuallyHidden>
            </span>
          )}
          {firstExcuse && (
            <span>
              <IconMessage size={14} aria-hidden="true" /> {t('attendance.roll.excuseFrom', { name: firstExcuse.by.name })}
            </span>
          )}
          {record?.alert && record.alert !== 'pending' && (
            <span>
              {record.alert === 'sent' ? <IconBellCheck size={14} aria-hidden="true" /> : <IconBellOff size={14} aria-hidden="true" />} {t(`attendance.roll.alert.${record.alert}`)}
            </span>
          )}
        </span>
        <VisuallyHidden>{t('attendance.roll.details')}</VisuallyHidden>
      </button>
      <fieldset className={classes.choices} disabled={!canMark}>
        <VisuallyHidden component="legend">{t('attendance.roll.markOf', { name: person.name })}</VisuallyHidden>
        {CHOICES.map((choice) => {
          const Icon = TYPE_ICONS[choice];
          return (
            <label key={choice} className={classes.choice} data-type={choice}>
              <input type="radio" name={`mark-${person.id}`} value={choice} checked={type === choice} onChange={() => onMark(person.id, choice, state.note)} />
              <Icon size={20} stroke={2.2} aria-hidden="true" />
              <span>{typeLabel(t, choice)}</span>
            </label>
          );
        })}
      </fieldset>
      {isOpen && <RollRowDetails id={detailsId} state={state} canMark={canMark} language={language} zone={zone} onMark={onMark} />}
    </li>
  );
});

function RollRowDetails({ id, state, canMark, language, zone, onMark }: RollRowProps & { id: string }) {
  const { t } = useTranslation();
  const [note, setNote] = useState(state.note);
  const { person, record } = state.entry;
  return (
    <div id={id} className={classes.details} role="group" aria-label={t('attendance.roll.detailsOf', { name: person.name })}>
      {record?.excuses.map((excuse) => (
        <p key={`${excuse.by.id}-${excuse.at}`} className={classes.excuse}>
          <strong>{t('attendance.roll.excuseFrom', { name: excuse.by.name })}</strong>
          {excuse.text}
        </p>
      ))}
      {record && (
        <p className={classes.muted}>
          {record.markedBy ? t('attendance.roll.markedBy', { name: record.markedBy.name, time: timeOfDay(record.time, language, zone) }) : timeOfDay(record.time, language, zone)}
          {record.changes > 0 && ` · ${t('attendance.roll.corrected', { count: record.changes })}`}
          {record.alert && ` · ${t(`attendance.roll.alert.${record.alert}`)}`}
        </p>
      )}
      {canMark ? (
        <>
          <Textarea
            label={t('attendance.roll.note')}
            placeholder={t('attendance.roll.notePlaceholder')}
            value={note}
            maxLength={ATTENDANCE_NOTE_MAX}
            minRows={2}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <div className={classes.detailsActions}>
            <Button variant="light" onClick={() => onMark(person.id, state.type, note.trim())} disabled={note.trim() === state.note}>
              {t('attendance.roll.saveNote')}
            </Button>
            {state.type !== 'excused' && (
              <Button variant="default" leftSection={<TYPE_ICONS.excused size={18} aria-hidden="true" />} onClick={() => onMark(person.id, 'excused', note.trim())}>
                {typeLabel(t, 'excused')}
              </Button>
            )}
          </div>
        </>
      ) : (
        state.note && <p className={classes.muted}>{state.note}</p>
      )}
    </div>
  );
}
