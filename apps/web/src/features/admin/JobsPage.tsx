import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader, SegmentedControl } from '@mantine/core';
import { IconChecks, IconClock, IconMailCheck, IconPlayerPlay } from '@tabler/icons-react';
import type { Job, JobState } from '@patio/core/schemas/jobs';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { useGoBack } from '../../app/back/useGoBack';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import '../../ui/mantineStyles';
import { JobCard } from './JobCard';
import { isJobState, JOB_STATES, useJobs, useRetryJob } from './useJobs';
import classes from './jobs.module.css';

type Outcome = { tone: 'info' | 'error'; text: string };

const EMPTY_ICONS: Record<JobState, typeof IconMailCheck> = { dead: IconMailCheck, queued: IconClock, running: IconPlayerPlay, done: IconChecks };

/**
 * /admin/jobs: the school's background jobs for administrators, failed ones first (the mails that never
 * went out, with why), each failed one with a way to run it again.
 */
export const JobsPage = withDirectoryTerms(function JobsPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const language = useSessionState((s) => s.language);
  const [params, setParams] = useSearchParams();
  const requested = params.get('state');
  const state: JobState = isJobState(requested) ? requested : 'dead';
  const jobs = useJobs(state);
  const retry = useRetryJob();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const items = useMemo(() => jobs.data?.pages.flatMap((page) => page.items) ?? [], [jobs.data]);
  const total = jobs.data?.pages[0]?.total ?? 0;

  // A retried job leaves the failed list, and its button with it: focus goes to what happened instead.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  function describeRefusal(error: unknown): string {
    if (error instanceof ApiError && error.status === 409) return t('jobs.notDead');
    if (error instanceof ApiError && error.status === 404) return t('jobs.gone');
    if (error instanceof ApiError && error.status === 403) return t('people.notAllowedBody');
    return describeError(t, error);
  }

  function handleRetry(job: Job): void {
    setOutcome(null);
    retry.mutate(job, {
      onSuccess: () => setOutcome({ tone: 'info', text: t('jobs.retried', { id: job.id }) }),
      onError: (error) => setOutcome({ tone: 'error', text: describeRefusal(error) }),
    });
  }

  function handleFilter(value: string): void {
    setOutcome(null);
    setParams(value === 'dead' ? {} : { state: value }, { replace: true });
  }

  let body;
  if (jobs.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (jobs.isError) body = <RefusalMessage error={jobs.error} onRetry={() => void jobs.refetch()} />;
  else if (items.length === 0) {
    const Icon = EMPTY_ICONS[state];
    body = <StatusMessage icon={<Icon size={36} />} title={t(`jobs.empty.${state}.title`)} body={t(`jobs.empty.${state}.body`)} />;
  } else {
    body = (
      <>
        <p className={classes.count} aria-live="polite">
          {t('jobs.count', { count: total })}
        </p>
        <ul className={classes.list} aria-label={t('jobs.listLabel', { state: t(`jobs.states.${state}`) })}>
          {items.map((job) => (
            <li key={job.id}>
              <JobCard
                job={job}
                language={language}
                isRetrying={retry.isPending && retry.variables?.id === job.id}
                isBusy={retry.isPending}
                onRetry={() => handleRetry(job)}
              />
            </li>
          ))}
        </ul>
        {jobs.hasNextPage && (
          <Button variant="default" className={classes.more} loading={jobs.isFetchingNextPage} onClick={() => void jobs.fetchNextPage()}>
            {t('jobs.loadMore')}
          </Button>
        )}
      </>
    );
  }

  return (
    <PageShell title={t('screens.jobs')} onBack={goBack}>
      <SegmentedControl
        value={state}
        onChange={handleFilter}
        data={JOB_STATES.map((value) => ({ value, label: t(`jobs.states.${value}`) }))}
        aria-label={t('jobs.filter')}
        fullWidth
        size="sm"
        className={classes.filter}
      />
      {outcome && (
        <div ref={outcomeRef} tabIndex={-1} className={classes.outcome}>
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      )}
      {body}
    </PageShell>
  );
});
