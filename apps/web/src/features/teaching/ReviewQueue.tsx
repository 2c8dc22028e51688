import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { formatFullName } from '@patio/core/people/displayName';
import type { TeachingReviewItem } from '@patio/core/schemas/classroom';
import { SubmissionStatusBadge } from '../classroom';
import { submissionsPath } from './teachingPaths';
import classes from './teaching.module.css';

export interface ReviewQueueProps {
  items: TeachingReviewItem[];
  personId: number;
  timeZone: string | undefined;
}

/** Work turned in and not yet returned, oldest first: each opens the task's submissions at that student. */
export function ReviewQueue({ items, personId, timeZone }: ReviewQueueProps) {
  const { t, i18n } = useTranslation();
  return (
    <section className={classes.section} aria-labelledby="teaching-review">
      <h2 id="teaching-review">{t('teaching.review.title', { total: items.length })}</h2>
      {items.length === 0 ? (
        <p className={classes.muted}>{t('teaching.review.empty')}</p>
      ) : (
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={`${item.postId}:${item.student.id}`}>
              <Link to={submissionsPath(personId, item.postId, { groupId: item.groupId, studentId: item.student.id })} className={classes.row}>
                <span className={classes.rowTop}>
                  <span className={classes.rowTitle}>{formatFullName(item.student) || t('teaching.unnamed')}</span>
                  <SubmissionStatusBadge status={item.status} />
                </span>
                <span>{`${item.title.trim() || t('teaching.untitled')} · ${item.groupName}`}</span>
                <span className={classes.rowMeta}>{t('teaching.review.turnedInAt', { date: formatDateTime(item.turnedInAt, i18n.language, { dateStyle: 'medium', timeZone }) })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
