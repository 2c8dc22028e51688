import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextInput, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { AttendanceDay } from '@patio/core/schemas/attendance';
import { typeLabel } from './attendanceText';
import { checkpointPath } from './teachingGroups';
import { TYPE_ICONS } from './typeIcons';
import classes from './attendance.module.css';

export interface DayPanelProps {
  day: AttendanceDay;
  today: string;
  onDateChange(date: string): void;
}

/** The checkpoints of a day (rolls not taken first, each a link to its roll) and who is missing. */
export function DayPanel({ day, today, onDateChange }: DayPanelProps) {
  const { t } = useTranslation();
  // A group without students has no roll to take (a past year's class): it is left out unless it was taken.
  const checkpoints = day.checkpoints.filter((c) => c.taken || c.students > 0).sort((a, b) => Number(a.taken) - Number(b.taken));
  const notTaken = checkpoints.filter((c) => !c.taken).length;
  const missing = day.checkpoints.flatMap((c) => c.missing.map((m) => ({ ...m, group: c.checkpoint.node.name, nodeId: c.checkpoint.node.id })));

  return (
    <>
      <section className={classes.card} aria-labelledby="attendance-day">
        <h2 id="attendance-day">{t('attendance.admin.checkpoints')}</h2>
        <div className={classes.filters}>
          <TextInput type="date" label={t('attendance.admin.day')} value={day.date} max={today} onChange={(event) => event.currentTarget.value && onDateChange(event.currentTarget.value)} />
        </div>
        {checkpoints.length === 0 ? (
          <p className={classes.muted}>{t('attendance.admin.noCheckpoints')}</p>
        ) : (
          <>
            {notTaken > 0 && <p className={classes.muted}>{t('attendance.admin.pendingCount', { count: notTaken })}</p>}
            <ul className={classes.links}>
              {checkpoints.map(({ checkpoint, taken, students, absent, late }) => (
                <li key={checkpoint.id}>
                  <Link to={checkpointPath(checkpoint.node.id, day.date === today ? undefined : day.date)} className={classes.linkRow}>
                    <span className={classes.linkMain}>
                      {/* The link says what it does, then what it shows (its visible text stays part of its name). */}
                      <VisuallyHidden>{`${t(taken ? 'attendance.admin.openRoll' : 'attendance.admin.takeRoll', { name: checkpoint.node.name })}:`}</VisuallyHidden>
                      <strong>{checkpoint.node.name}</strong>
                      <span className={classes.muted}>
                        {t(`attendance.checkpointTypes.${checkpoint.type}`)} · {t('attendance.admin.summary', { students, absent, late })}
                      </span>
                    </span>
                    <span className={classes.pill} data-taken={taken}>
                      {taken ? <IconCircleCheck size={14} aria-hidden="true" /> : <IconAlertCircle size={14} aria-hidden="true" />}
                      {taken ? t('attendance.admin.taken') : t('attendance.admin.notTaken')}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section className={classes.card} aria-labelledby="attendance-missing">
        <h2 id="attendance-missing">{t('attendance.admin.missing')}</h2>
        {missing.length === 0 ? (
          <p className={classes.muted}>{t('attendance.admin.noneMissing')}</p>
        ) : (
          <ul className={classes.links}>
            {missing.map((m) => {
              const Icon = TYPE_ICONS[m.type];
              return (
                <li key={`${m.nodeId}-${m.person.id}`} className={classes.linkRow} data-type={m.type}>
                  <span className={classes.linkMain}>
                    <strong>{m.person.name}</strong>
                    {m.note && <span className={classes.muted}>{m.note}</span>}
                  </span>
                  <span className={classes.pill} data-type={m.type}>
                    <Icon size={14} aria-hidden="true" />
                    {t('attendance.admin.missingIn', { type: typeLabel(t, m.type), group: m.group })}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
