import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@mantine/core';
import { CLASSROOM_KINDS, SUBMISSION_STATUSES, type ClassroomKind, type SubmissionStatus } from '@patio/core/schemas/classroom';
import type { ClassroomFilters } from './classroomFilters';
import classes from './classroom.module.css';

export interface ClassroomFilterBarProps {
  filters: ClassroomFilters;
  /** The status filter shows only where there is a student whose work has a status. */
  hasStatus: boolean;
  onChange: (filters: ClassroomFilters) => void;
}

/** Filters of a group's posts: by kind (toggle chips, one tap on a phone) and by the student's status. */
export function ClassroomFilterBar({ filters, hasStatus, onChange }: ClassroomFilterBarProps) {
  const { t } = useTranslation();
  const kinds: Array<ClassroomKind | null> = [null, ...CLASSROOM_KINDS];
  return (
    <div className={classes.filters}>
      <div role="group" aria-label={t('classroom.filters.kind')} className={classes.chips}>
        {kinds.map((kind) => (
          <button
            key={kind ?? 'all'}
            type="button"
            className={classes.chip}
            aria-pressed={filters.kind === kind}
            // A status belongs to tasks: choosing materials or announcements drops it.
            onClick={() => onChange({ kind, status: kind === null || kind === 'task' ? filters.status : null })}
          >
            {t(`classroom.kinds.${kind ?? 'all'}`)}
          </button>
        ))}
      </div>
      {hasStatus && (filters.kind === null || filters.kind === 'task') && (
        <NativeSelect
          className={classes.statusSelect}
          label={t('classroom.filters.status')}
          value={filters.status ?? ''}
          data={[{ value: '', label: t('classroom.filters.allStatuses') }, ...SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`classroom.statuses.${s}`) }))]}
          onChange={(event) => onChange({ ...filters, status: (event.currentTarget.value || null) as SubmissionStatus | null })}
        />
      )}
    </div>
  );
}
