import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, SegmentedControl } from '@mantine/core';
import { IconBallFootball } from '@tabler/icons-react';
import type { Activity } from '@patio/core/schemas/activities';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { ActivityCard } from './ActivityCard';
import { useActivities } from './useActivities';
import { withActivityTerms } from './withActivityTerms';
import classes from './activities.module.css';
import './activityStyles';

type Student = Activity['children'][number]['student'];

/** The family's children as the catalogue names them, in the order the server gives. */
function childrenOf(activities: readonly Activity[]): Student[] {
  const seen = new Map<number, Student>();
  for (const activity of activities) for (const { student } of activity.children) if (!seen.has(student.id)) seen.set(student.id, student);
  return [...seen.values()];
}

/** What one child may join, and what they have asked for even if no longer offered to their group. */
const offeredTo = (activities: readonly Activity[], studentId: number) =>
  activities.flatMap((activity) => {
    const entry = activity.children.find((c) => c.student.id === studentId);
    const active = entry?.request && entry.request.status !== 'withdrawn';
    return entry && (entry.eligible || active) ? [{ activity, entry }] : [];
  });

/**
 * /activities (issue 37 §2): the term's extracurricular activities, for a family each child's eligible
 * ones (a switcher when there are several) with the request in two taps and its state; for anyone
 * else the catalogue alone.
 */
export const ActivitiesPage = withActivityTerms(function ActivitiesPage() {
  const { t } = useTranslation();
  const catalogue = useActivities(null);
  const activities = useMemo(() => catalogue.data ?? [], [catalogue.data]);
  const children = useMemo(() => childrenOf(activities), [activities]);
  const [chosen, setChosen] = useState<number | null>(null);
  const child = children.find((c) => c.id === chosen) ?? children[0] ?? null;

  let body;
  if (catalogue.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (catalogue.isError) body = <RefusalMessage error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  else if (activities.length === 0) body = <StatusMessage icon={<IconBallFootball size={36} />} title={t('activities.family.emptyTitle')} body={t('activities.family.emptyBody')} />;
  else if (!child) {
    body = (
      <section aria-label={t('activities.family.catalogue')} className={classes.list}>
        <p className={classes.muted}>{t('activities.family.viewOnly')}</p>
        {activities.map((activity) => (
          <ActivityCard key={activity.id} activity={activity} child={null} />
        ))}
      </section>
    );
  } else {
    const offered = offeredTo(activities, child.id);
    body = (
      <>
        {children.length > 1 && (
          <div className={classes.switcher}>
            <span id="activities-child" className={classes.switcherLabel}>
              {t('activities.family.childPicker')}
            </span>
            <SegmentedControl
              aria-labelledby="activities-child"
              fullWidth
              classNames={{ label: classes.segmentLabel }}
              value={String(child.id)}
              onChange={(value) => setChosen(Number(value))}
              data={children.map((c) => ({ value: String(c.id), label: c.name }))}
            />
          </div>
        )}
        {offered.length === 0 ? (
          <StatusMessage icon={<IconBallFootball size={36} />} title={t('activities.family.noneForChildTitle', { name: child.name })} body={t('activities.family.noneForChildBody')} />
        ) : (
          <section aria-label={t('activities.family.listOf', { name: child.name })} className={classes.list}>
            {offered.map(({ activity, entry }) => (
              <ActivityCard key={activity.id} activity={activity} child={entry} />
            ))}
          </section>
        )}
      </>
    );
  }
  return (
    <PageShell title={t('screens.extracurricular')}>
      <div className={classes.page}>{body}</div>
    </PageShell>
  );
});
