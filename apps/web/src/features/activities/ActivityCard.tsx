import { useTranslation } from 'react-i18next';
import type { Activity } from '@patio/core/schemas/activities';
import { ActivityFacts } from './ActivityFacts';
import { descriptionText } from './activityText';
import { RequestControls } from './RequestControls';
import classes from './activities.module.css';

export interface ActivityCardProps {
  activity: Activity;
  /** The child the family is looking at; null for a reader without children (the catalogue only). */
  child: Activity['children'][number] | null;
}

/** One activity of the catalogue: its name and facts, the description on demand, and the child's request. */
export function ActivityCard({ activity, child }: ActivityCardProps) {
  const { t } = useTranslation();
  const headingId = `activity-${activity.id}`;
  const description = descriptionText(activity.description);
  return (
    <article className={classes.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.cardTitle}>
        {activity.name}
      </h2>
      <ActivityFacts activity={activity} />
      {description && (
        <details className={classes.description}>
          <summary>{t('activities.card.more')}</summary>
          <p>{description}</p>
        </details>
      )}
      {child && <RequestControls key={child.student.id} activity={activity} child={child} />}
    </article>
  );
}
