import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader, Textarea, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconBellCheck, IconBellOff, IconCircleCheck, IconCircleDashed, IconCloudUpload, IconMessage, IconRefresh } from '@tabler/icons-react';
import { ATTENDANCE_NOTE_MAX, type AttendanceType } from '@patio/core/schemas/attendance';
import { timeOfDay, typeLabel } from './attendanceText';
import type { RowStatus, StudentState } from './rollModel';
import { TYPE_ICONS } from './typeIcons';
import classes from './attendance.module.css';

/** The three choices on every row; "excused" is in the row's details. */
const CHOICES: readonly AttendanceType[] = ['present', 'absent', 'late'];

export interface RollRowProps {
  state: StudentState;
  status: RowStatus;
  /** The row's last tap may still be undone (the family has not been told). */
  canUndo: boolean;
  canMark: boolean;
  language: string | null;
  zone: string;
  onMark(personId: number, type: AttendanceType, note: string): void;
  /** Puts back what the row showed before its last tap; answers the mark put back, or null once too late. */
  onUndo(personId: number): AttendanceType | null;
  onRetry(): void;
}

/** The state of a row's mark: an icon of its own shape for each (never colour alone) and its words. */
function MarkState({ status }: { status: RowStatus }) {
  const { t } = useTranslation();
  const icon = {
    none: <IconCircleDashed size={18} aria-hidden="true" />,
    pending: <Loader size={14} aria-hidden="true" />,
    waiting: <IconCloudUpload size={18} aria-hidden="true" />,
    failed: <IconAlertTriangle size={18} aria-hidden="true" />,
    saved: <IconCircleCheck size={18} aria-hidden="true" />,
  }[status];
  return (
    <span className={classes.markState} data-status={status}>
      {icon}
      <span className={classes.markStateText}>{t(`attendance.roll.state.${status}`)}</span>
    </span>
  );
}

/**
 * One student of the roll on one line: name, code and the state of their mark, then one tap on
 * present / absent / late; an undo while the last tap may still be taken back, a retry when the
 * server refused it; a note, excused and the family's replies in the details.
 */
export const RollRow = memo(function RollRow({ state, status, canUndo, canMark, language, zone, onMark, onUndo, onRetry }: RollRowProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const choices = useRef<HTMLFieldSetElement>(null);
  const undoFocused = useRef(false);
  const { entry, type, source } = state;
  const { person, record } = entry;
  const detailsId = `roll-details-${person.id}`;
  const firstExcuse = record?.excuses[0];

  const focusChoice = (value: AttendanceType | null) => {
    const input = choices.current?.querySelector<HTMLInputElement>(value ? `input[value="${value}"]` : 'input:checked');
    input?.focus();
  };

  // The undo leaves when its window ends: focus on it goes to the row's mark, not to the page's top.
  useEffect(() => {
    if (canUndo || !undoFocused.current) return;
    undoFocused.current = false;
    if (document.activeElement === document.body || document.activeElement === null) focusChoice(null);
  }, [canUndo]);

  const undo = () => {
    undoFocused.current = false;
    const restored = onUndo(person.id);
    setTimeout(() => focusChoice(restored));
  };

  return (
    <li className={classes.row} data-type={type} data-source={source} data-status={status} data-undo={canUndo && canMark ? '' : undefined}>
      <button type="button" className={classes.who} aria-expanded={isOpen} aria-controls={detailsId} title={person.name} onClick={() => setOpen((open) => !open)}>
        <span className={classes.name}>{person.name}</span>
        {person.studentCode && <span className={classes.code}>{person.studentCode}</span>}
        {type === 'excused' && <span className={classes.code}>{typeLabel(t, 'excused')}</span>}
        {firstExcuse && (
          <span className={classes.flag}>
            <IconMessage size={16} aria-hidden="true" />
            <VisuallyHidden>{t('attendance.roll.excuseFrom', { name: firstExcuse.by.name })}</VisuallyHidden>
          </span>
        )}
        {record?.alert && record.alert !== 'pending' && (
          <span className={classes.flag}>
            {record.alert === 'sent' ? <IconBellCheck size={16} aria-hidden="true" /> : <IconBellOff size={16} aria-hidden="true" />}
            <VisuallyHidden>{t(`attendance.roll.alert.${record.alert}`)}</VisuallyHidden>
          </span>
        )}
        <VisuallyHidden>{t('attendance.roll.details')}</VisuallyHidden>
      </button>
      <MarkState status={status} />
      {canUndo && canMark && (
        <Button
          className={classes.rowAction}
          size="compact-md"
          variant="default"
          title={t('attendance.roll.undo')}
          aria-label={t('attendance.roll.undoOf', { name: person.name })}
          onFocus={() => (undoFocused.current = true)}
          onBlur={() => (undoFocused.current = false)}
          onClick={undo}
        >
          <IconArrowBackUp size={18} aria-hidden="true" />
          <span className={classes.wideText}>&nbsp;{t('attendance.roll.undo')}</span>
        </Button>
      )}
      {status === 'failed' && canMark && (
        <Button className={classes.rowAction} size="compact-md" variant="light" color="red" title={t('attendance.sync.retry')} aria-label={t('attendance.roll.retryOf', { name: person.name })} onClick={onRetry}>
          <IconRefresh size={18} aria-hidden="true" />
          <span className={classes.wideText}>&nbsp;{t('attendance.sync.retry')}</span>
        </Button>
      )}
      <fieldset ref={choices} className={classes.choices} disabled={!canMark}>
        <VisuallyHidden component="legend">{t('attendance.roll.markOf', { name: person.name })}</VisuallyHidden>
        {CHOICES.map((choice) => {
          const Icon = TYPE_ICONS[choice];
          return (
            <label key={choice} className={classes.choice} data-type={choice}>
              <input type="radio" name={`mark-${person.id}`} value={choice} checked={type === choice} onChange={() => onMark(person.id, choice, state.note)} />
              <Icon size={20} stroke={2.2} aria-hidden="true" />
              <span className={classes.choiceText}>{typeLabel(t, choice)}</span>
            </label>
          );
        })}
      </fieldset>
      {isOpen && <RollRowDetails id={detailsId} state={state} canMark={canMark} language={language} zone={zone} onMark={onMark} />}
    </li>
  );
});

interface RollRowDetailsProps {
  id: string;
  state: StudentState;
  canMark: boolean;
  language: string | null;
  zone: string;
  onMark: RollRowProps['onMark'];
}

function RollRowDetails({ id, state, canMark, language, zone, onMark }: RollRowDetailsProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState(state.note);
  const { person, record } = state.entry;
  return (
    <div id={id} className={classes.details} role="group" aria-label={t('attendance.roll.detailsOf', { name: person.name })}>
      <p className={classes.fullName}>
        <Link to={`/person/${person.id}`}>{person.name}</Link>
        {person.studentCode && ` · ${person.studentCode}`}
      </p>
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
