import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@patio/core/format/dateTimes';
import type { TeachingUpcoming } from '@patio/core/schemas/classroom';
import { submissionsPath } from './teachingPaths';
import classes from './teaching.module.css';

export interface UpcomingListProps {
  items: TeachingUpcoming[];
  personId: number;
  timeZone: string | undefined;
}

/** Tasks due from now on, soonest first, each opening its submissions. */
export function UpcomingList({ items, personId, timeZone }: UpcomingListProps) {
  const { t, i18n } = useTranslation();
  return (
    <section className={classes.section} aria-labelledby="teaching-upcoming">
      <h2 id="teaching-upcoming">{t('teaching.upcoming.title')}</h2>
      {items.length === 0 ? (
        <p className={classes.muted}>{t('teaching.upcoming.empty')}</p>
      ) : (
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={item.postId}>
              <Link to={submissionsPath(personId, item.postId, { groupId: item.groupId })} className={classes.row}>
                <span className={classes.rowTop}>
                  <span className={classes.rowTitle}>{item.title.trim() || t('teaching.untitled')}</span>
                  <span className={classes.rowMeta}>{item.groupName}</span>
                </span>
                <span className={classes.rowMeta}>
                  {t('teaching.upcoming.due', { date: formatDateTime(item.dueDate, i18n.language, { dateStyle: 'medium', timeZone }) })}
                  {' · '}
                  {t('teaching.upcoming.turnedIn', { students: item.students, turnedIn: item.turnedIn })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
