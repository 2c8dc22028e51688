import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconChevronRight } from '@tabler/icons-react';
import type { ClassroomGroup } from '@patio/core/schemas/classroom';
import { classroomGroupPath } from './classroomPaths';
import classes from './classroom.module.css';

export interface GroupListProps {
  groups: readonly ClassroomGroup[];
  /** Whose classroom the links open (the person of the path, or a relative's child). */
  personId: number;
  /** The list's accessible name. */
  label: string;
}

/** Groups as rows that open their stream: name, the role when it is not a student's, and what is pending. */
export function GroupList({ groups, personId, label }: GroupListProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.groups} aria-label={label}>
      {groups.map((group) => {
        const pending = group.role === 'teacher' ? t('classroom.groups.toReview', { count: group.pending }) : t('classroom.groups.pending', { count: group.pending });
        return (
          <li key={group.id}>
            <Link to={classroomGroupPath(personId, group.id)} className={classes.groupRow}>
              <span className={classes.groupText}>
                <span className={classes.groupName}>{group.name}</span>
                {group.role !== 'student' && <span className={classes.meta}>{t(`classroom.roles.${group.role}`)}</span>}
              </span>
              {group.pending > 0 ? (
                <span className={classes.pending}>{pending}</span>
              ) : (
                <span className={classes.upToDate}>{t('classroom.groups.upToDate')}</span>
              )}
              <IconChevronRight size={20} aria-hidden="true" className={classes.chevron} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
