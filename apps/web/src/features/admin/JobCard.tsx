import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Paper } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { Job } from '@patio/core/schemas/jobs';
import type { LanguageCode } from '@patio/core/i18n/index';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { jobKindLabel, jobTopicLabel } from './jobKindLabel';
import classes from './jobs.module.css';

export interface JobCardProps {
  job: Job;
  language: LanguageCode;
  /** True while this job's retry is being sent. */
  isRetrying: boolean;
  /** True while any retry is being sent: one at a time. */
  isBusy: boolean;
  onRetry: () => void;
}

/** One job: what it is, how often it ran, when, why it last failed, and for a failed one the way to run it again. */
export function JobCard({ job, language, isRetrying, isBusy, onRetry }: JobCardProps) {
  const { t, i18n } = useTranslation();
  const kind = jobKindLabel(i18n, job.kind);
  const headingId = `job-${job.id}`;
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, language, { dateStyle: 'medium' })}</time>;

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId} className={classes.card}>
      <div className={classes.header}>
        <h2 id={headingId} className={classes.kind}>
          {kind}
        </h2>
        <span className={classes.number}>{t('jobs.job', { id: job.id })}</span>
      </div>
      {(job.topic || job.personId !== null) && (
        <p className={classes.summary}>
          {job.topic && jobTopicLabel(i18n, job.topic)}
          {job.topic && job.personId !== null && ' · '}
          {job.personId !== null && <Link to={`/person/${job.personId}`}>{t('jobs.person', { id: job.personId })}</Link>}
        </p>
      )}
      <dl className={classes.facts}>
        <div>
          <dt>{t('jobs.attempts')}</dt>
          <dd>{t('jobs.attemptsValue', { attempts: job.attempts, max: job.maxAttempts })}</dd>
        </div>
        {job.state === 'queued' && (
          <div>
            <dt>{t('jobs.runAt')}</dt>
            <dd>{when(job.runAt)}</dd>
          </div>
        )}
        <div>
          <dt>{t('jobs.created')}</dt>
          <dd>{when(job.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('jobs.updated')}</dt>
          <dd>{when(job.updatedAt)}</dd>
        </div>
      </dl>
      {job.lastError && (
        <div className={classes.error}>
          <h3 className={classes.errorTitle}>{t('jobs.lastError')}</h3>
          <pre className={classes.errorText}>{job.lastError}</pre>
        </div>
      )}
      {job.state === 'dead' && (
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
          loading={isRetrying}
          disabled={isBusy && !isRetrying}
          onClick={onRetry}
          aria-label={t('jobs.retryJob', { id: job.id, kind })}
          className={classes.retry}
        >
          {t('jobs.retry')}
        </Button>
      )}
    </Paper>
  );
}
