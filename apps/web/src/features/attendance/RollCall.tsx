import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconSearch, IconWifiOff } from '@tabler/icons-react';
import type { AttendanceType, Roll } from '@patio/core/schemas/attendance';
import { useSessionState } from '../../app/services';
import { timeOfDay } from './attendanceText';
import { RollCounters } from './RollCounters';
import { RollRow } from './RollRow';
import { SyncStatus } from './SyncStatus';
import { countersOf, isRecorded, marksToSave, matchesSearch, studentStates, type DraftMark } from './rollModel';
import { useMarkQueue } from './useMarkQueue';
import classes from './attendance.module.css';

export interface RollCallProps {
  nodeId: number;
  roll: Roll;
  today: string;
  zone: string;
  /** The roll shown is this device's copy: the server could not be reached. */
  isOfflineCopy: boolean;
  onDateChange(date: string): void;
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The roll call (issue 15): everyone present until tapped otherwise; "save roll" sends the whole class
 * in one array. A student already marked is corrected with one tap, sent at once. Marks go through the
 * device's queue, so they survive being offline.
 */
export function RollCall({ nodeId, roll, today, zone, isOfflineCopy, onDateChange }: RollCallProps) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const sync = useMarkQueue(nodeId);
  const [draft, setDraft] = useState<ReadonlyMap<number, DraftMark>>(new Map());
  const [query, setQuery] = useState('');
  const states = useMemo(() => studentStates(roll, sync.queued, draft), [roll, sync.queued, draft]);
  const shown = useMemo(() => states.filter((state) => matchesSearch(state.entry, query)), [states, query]);
  const counters = countersOf(states);
  const unrecorded = states.filter((state) => !isRecorded(state)).length;
  const { add } = sync;

  const handleMark = useCallback(
    (personId: number, type: AttendanceType, note: string) => {
      const state = states.find((s) => s.entry.person.id === personId);
      if (!state) return;
      if (isRecorded(state)) {
        if (state.type !== type || state.note !== note) add([{ person: personId, type, date: roll.date, markedAt: nowInSeconds(), note }]);
      } else {
        setDraft((old) => new Map(old).set(personId, { type, note }));
      }
    },
    [states, add, roll.date],
  );

  const handleSave = () => {
    add(marksToSave(states, roll.date, nowInSeconds()));
    setDraft(new Map());
  };

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
            <RollRow key={state.entry.person.id} state={state} canMark={roll.canMark} language={language} zone={zone} onMark={handleMark} />
          ))}
        </ul>
      )}

      {roll.canMark && unrecorded > 0 && (
        <div className={classes.saveBar}>
          <Button size="lg" fullWidth leftSection={<IconDeviceFloppy size={20} aria-hidden="true" />} onClick={handleSave}>
            {roll.taken ? t('attendance.roll.saveRest', { count: unrecorded }) : t('attendance.roll.saveRoll', { count: unrecorded })}
          </Button>
          <p>{t('attendance.roll.saveHint')}</p>
        </div>
      )}
    </div>
  );
}
