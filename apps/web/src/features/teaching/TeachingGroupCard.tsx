import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Progress, VisuallyHidden } from '@mantine/core';
import { IconFileTypeCsv, IconPencilPlus } from '@tabler/icons-react';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { intlLocaleOf } from '@patio/core/format/intlLocale';
import type { TeachingGroup } from '@patio/core/schemas/classroom';
import { downloadWithToken } from '../../app/api/downloadWithToken';
import { useSessionState } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { classroomComposePath } from '../compose/paths';
import { classroomGroupPath } from './teachingPaths';
import classes from './teaching.module.css';

export interface TeachingGroupCardProps {
  group: TeachingGroup;
  personId: number;
  /** The school's zone: due dates are its wall clock. */
  timeZone: string | undefined;
}

/** One group the person teaches: students, work to review, how much of the due work came in, what is due next. */
export function TeachingGroupCard({ group, personId, timeZone }: TeachingGroupCardProps) {
  const { t, i18n } = useTranslation();
  const baseUrl = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  const percent = group.completion === null ? null : new Intl.NumberFormat(intlLocaleOf(i18n.language), { style: 'percent' }).format(group.completion);

  return (
    <li className={classes.card}>
      <h3>
        <Link to={classroomGroupPath(personId, group.id)} className={classes.groupLink}>
          {group.name}
        </Link>
      </h3>
      <dl className={classes.facts}>
        <div>
          <dt>{t('teaching.groups.students')}</dt>
          <dd>{group.students}</dd>
        </div>
        <div>
          <dt>{t('teaching.groups.toReview')}</dt>
          <dd>{group.toReview}</dd>
        </div>
        <div>
          <dt>{t('teaching.groups.nextDue')}</dt>
          <dd>{group.nextDueDate ? formatDateTime(group.nextDueDate, i18n.language, { dateStyle: 'medium', timeZone }) : t('teaching.groups.noNextDue')}</dd>
        </div>
      </dl>
      <div className={classes.completion}>
        <span>{percent === null ? t('teaching.groups.noCompletion') : t('teaching.groups.completion', { percent })}</span>
        {group.completion !== null && <Progress value={group.completion * 100} size="md" aria-hidden="true" />}
      </div>
      <div className={classes.cardActions}>
        <Button component={Link} to={classroomComposePath(group.id)} variant="light" leftSection={<IconPencilPlus size={18} aria-hidden="true" />}>
          {t('teaching.groups.newPost')}
          <VisuallyHidden>{` (${group.name})`}</VisuallyHidden>
        </Button>
        <DownloadButton
          icon={<IconFileTypeCsv size={18} aria-hidden="true" />}
          label={
            <>
              {t('teaching.groups.grades')}
              <VisuallyHidden>{` (${group.name})`}</VisuallyHidden>
            </>
          }
          failedText={t('teaching.groups.gradesFailed')}
          buttonProps={{ variant: 'subtle' }}
          download={() => downloadWithToken({ baseUrl, token, path: `nodes/${group.id}/grades.csv`, fallbackName: t('teaching.groups.gradesFile', { name: group.name }) })}
        />
      </div>
    </li>
  );
}
