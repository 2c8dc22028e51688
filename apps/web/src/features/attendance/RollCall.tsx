import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextInput, VisuallyHidden } from '@mantine/core';
import { IconDeviceFloppy, IconSearch, IconWifiOff } from '@tabler/icons-react';
import { ALERT_UNDO_SECONDS, ALERTING_TYPES, type AttendanceType, type Roll } from '@patio/core/schemas/attendance';
import { useSessionState } from '../../app/services';
import { timeOfDay, typeLabel } from './attendanceText';
import { RollCounters } from './RollCounters';
import { RollRow } from './RollRow';
import { ScanButton } from './ScanButton';
import { SyncStatus } from './SyncStatus';
import { countersOf, isRecorded, marksToSave, matchesSearch, rowStatusOf, studentStates } from './rollModel';
import type { QueuedMark } from './markQueue';
import { useMarkQueue } from './useMarkQueue';
import { useUndoOffers } from './useUndoOffers';
import classes from './attendance.module.css';

export interface RollCallProps {
  nodeId: number;
  roll: Roll;
  today: string;
  zone: string;
  /** The roll shown is this device's copy: the server could not be reached. */
  isOfflineCopy: boolean;
  onDateChange(date: string): void;
  /** How long a row offers its undo (tests shorten it); the server's alert waits longer still. */
  undoSeconds?: number;
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The roll call (issues 15 and 33): everyone shows present until marked; every tap is saved as it is
 * made — the first roll and later corrections alike — through the device's queue, so marks survive
 * being offline. Each row says whether its mark is saved, on its way or refused, and offers an undo
 * while the family's alert still waits; "mark the rest present" saves the students nobody tapped.
 */
export function RollCall({ nodeId, roll, today, zone, isOfflineCopy, onDateChange, undoSeconds = ALERT_UNDO_SECONDS }: RollCallProps) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const nameOf = useCallback((personId: number) => roll.students.find((s) => s.person.id === personId)?.person.name ?? '', [roll.students]);
  // Saved marks are announced politely: one by name (with the undo's time for an absence or late
  // arrival), a batch by its count.
  const announceSaved = useCallback(
    (marks: readonly QueuedMark[]) => {
      if (marks.length !== 1) {
        setAnnouncement(t('attendance.roll.announce.savedMany', { count: marks.length }));
        return;
      }
      const [mark] = marks;
      const saved = t('attendance.roll.announce.saved', { name: nameOf(mark.person), type: typeLabel(t, mark.type) });
      const alerts = (ALERTING_TYPES as readonly string[]).includes(mark.type);
      setAnnouncement(alerts ? `${saved} ${t('attendance.roll.announce.familyIn', { seconds: undoSeconds })}` : saved);
    },
    [t, nameOf, undoSeconds],
  );
  const sync = useMarkQueue(nodeId, announceSaved);
  const undo = useUndoOffers(undoSeconds);
  const states = useMemo(() => studentStates(roll, sync.queued), [roll, sync.queued]);
  const shown = useMemo(() => states.filter((state) => matchesSearch(state.entry, query)), [states, query]);
  const counters = countersOf(states);
  const unrecorded = states.filter((state) => !isRecorded(state)).length;
  const { add, retry } = sync;
  const { offer, take } = undo;

  const handleMark = useCallback(
    (personId: number, type: AttendanceType, note: string) => {
      const state = states.find((s) => s.entry.person.id === personId);
      if (!state || (isRecorded(state) && state.type === type && state.note === note)) return;
      add([{ person: personId, type, date: roll.date, markedAt: nowInSeconds(), note }]);
      offer(personId, { type: state.type, note: state.note });
    },
    [states, add, offer, roll.date],
  );

  const handleUndo = useCallback(
    (personId: number): AttendanceType | null => {
      const previous = take(personId);
      if (!previous) return null;
      add([{ person: personId, type: previous.type, date: roll.date, markedAt: nowInSeconds(), note: previous.note }]);
      setAnnouncement(t('attendance.roll.announce.undone', { name: nameOf(personId), type: typeLabel(t, previous.type) }));
      return previous.type;
    },
    [add, take, roll.date, t, nameOf],
  );

  const handleSave = () => add(marksToSave(states, roll.date, nowInSeconds()));

  const takenText = roll.takenAt === null ? null : roll.takenBy ? t('attendance.roll.taken', { time: timeOfDay(roll.takenAt, language, zone), name: roll.takenBy.name }) : t('attendance.roll.takenAt', { time: timeOfDay(roll.takenAt, language, zone) });

  return (
    <div className={classes.page}>
      <div className={classes.card}>
        <div className={classes.filters}>
          <TextInput type="date" label={t('attendance.roll.date')} value={roll.date} max={today} onChange={(event) => event.currentTarget.value && onDateChange(event.currentTarget.value)} />
          <TextInput
            type="search"
            label={t('attendance.roll.searchLabel')}
            placeholder={t('attendance.roll.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          {/* Issue 36 §3: a card's code marks today only. */}
          {roll.canMark && roll.date === today && <ScanButton nodeId={nodeId} groupName={roll.checkpoint.node.name} />}
        </div>
        <div className={classes.summary}>
          <RollCounters counters={counters} />
          <p className={classes.muted}>{takenText ?? t('attendance.roll.notTaken')}</p>
          {!roll.canMark && <p className={classes.muted}>{t('attendance.roll.readOnly')}</p>}
          {isOfflineCopy && (
            <p className={classes.muted}>
              <IconWifiOff size={14} aria-hidden="true" /> {t('attendance.roll.offlineCopy')}
            </p>
          )}
          <SyncStatus sync={sync} />
        </div>
      </div>

      {roll.students.length === 0 ? (
        <p className={classes.muted}>{t('attendance.roll.empty')}</p>
      ) : shown.length === 0 ? (
        <p className={classes.muted} role="status">
          {t('attendance.roll.noMatch', { query })}
        </p>
      ) : (
        <ul className={classes.list} aria-label={t('attendance.roll.listLabel')}>
          {shown.map((state) => (
            <RollRow
              key={state.entry.person.id}
              state={state}
              status={rowStatusOf(state, sync)}
              canUndo={undo.offers.has(state.entry.person.id)}
              canMark={roll.canMark}
              language={language}
              zone={zone}
              onMark={handleMark}
              onUndo={handleUndo}
              onRetry={retry}
            />
          ))}
        </ul>
      )}

      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>

      {roll.canMark && unrecorded > 0 && (
        <div className={classes.saveBar}>
          <Button size="lg" fullWidth leftSection={<IconDeviceFloppy size={20} aria-hidden="true" />} onClick={handleSave}>
            {t('attendance.roll.saveRest', { count: unrecorded })}
          </Button>
          <p>{t('attendance.roll.saveHint')}</p>
        </div>
      )}
    </div>
  );
}
