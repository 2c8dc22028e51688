import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Loader } from '@mantine/core';
import { IconCheck, IconFileTypeCsv, IconFileTypeXls, IconX } from '@tabler/icons-react';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import type { Activity, ActivityRequest } from '@patio/core/schemas/activities';
import { downloadWithToken } from '../../app/api/downloadWithToken';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSchoolTimeZone } from '../../app/schoolTimeZone';
import { useSessionState } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { Notice } from '../../ui/Notice';
import { activityErrorText } from './activityErrors';
import { rosterPath } from './activityPaths';
import { RequestStatusBadge } from './RequestStatusBadge';
import { dayText } from './activityText';
import { useActivityRequests, useDecideRequests, type DecisionFailure } from './useActivities';
import classes from './activities.module.css';

/** The school day ('YYYY-MM-DD') an instant falls on: a request sent at 8 p.m. in Bogotá is that day's, not the next UTC day's. */
const dayIn = (at: number, timeZone: string | undefined) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** "Juan Pérez · 5A" */
const whoText = (request: ActivityRequest) => (request.group ? `${request.student.name} · ${request.group.name}` : request.student.name);

/**
 * An activity's requests for its administrators: the pending ones to accept or reject in bulk (one PUT
 * each, saying which failed and why), the waiting list in order, who is accepted, and the roster file.
 */
export function RequestsPanel({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const baseUrl = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  const requests = useActivityRequests(activity.id);
  const decide = useDecideRequests(activity.id);
  // Until the school's zone is known, the device's (the same for almost every reader).
  const timeZone = useSchoolTimeZone() ?? undefined;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [outcome, setOutcome] = useState<{ decided: number; failures: DecisionFailure[] } | null>(null);

  if (requests.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (requests.isError) return <RefusalMessage error={requests.error} onRetry={() => void requests.refetch()} resource="admin" />;

  const pending = requests.data.filter((r) => r.status === 'pending');
  // A freed place offered to the head of the list is still part of the queue until the family answers.
  const offered = requests.data.filter((r) => r.status === 'offered');
  const waiting = requests.data.filter((r) => r.status === 'waiting').sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const accepted = requests.data.filter((r) => r.status === 'accepted');
  const chosen = pending.filter((r) => selected.has(r.id));
  const allChosen = pending.length > 0 && chosen.length === pending.length;
  const toggle = (id: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const handleDecide = (status: 'accepted' | 'rejected') => {
    setOutcome(null);
    decide.mutate(
      { requests: chosen, status },
      {
        onSuccess: (failures) => {
          setOutcome({ decided: chosen.length - failures.length, failures });
          setSelected(new Set(failures.map((f) => f.request.id)));
        },
      },
    );
  };
  const fileName = t('activities.requests.fileName', { name: activity.name });
  // The file's column titles follow the interface language.
  const lang = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));

  return (
    <div className={classes.page}>
      <p className={classes.muted}>
        {t('activities.requests.counts', { accepted: accepted.length, pending: pending.length, waiting: waiting.length, places: activity.places })}
      </p>

      <section className={classes.section} aria-labelledby="requests-pending">
        <h3 id="requests-pending" className={classes.sectionTitle}>
          {t('activities.requests.pending')}
        </h3>
        {pending.length === 0 ? (
          <p className={classes.muted}>{t('activities.requests.nonePending')}</p>
        ) : (
          <>
            <Checkbox
              label={t('activities.requests.selectAll')}
              checked={allChosen}
              indeterminate={chosen.length > 0 && !allChosen}
              onChange={(event) => setSelected(new Set(event.currentTarget.checked ? pending.map((r) => r.id) : []))}
            />
            <ul className={classes.people}>
              {pending.map((request) => (
                <li key={request.id}>
                  <Checkbox checked={selected.has(request.id)} onChange={(event) => toggle(request.id, event.currentTarget.checked)} aria-label={t('activities.requests.select', { name: request.student.name })} />
                  <span className={classes.personText}>
                    <span className={classes.personName}>{whoText(request)}</span>
                    <span className={classes.muted}>{t('activities.requests.requestedBy', { name: request.requestedBy.name, date: dayText(dayIn(request.createdAt, timeZone), i18n.language) })}</span>
                  </span>
                </li>
              ))}
            </ul>
            <div className={classes.actions}>
              <Button leftSection={<IconCheck size={16} aria-hidden="true" />} disabled={chosen.length === 0} loading={decide.isPending && decide.variables?.status === 'accepted'} onClick={() => handleDecide('accepted')}>
                {t('activities.requests.accept')}
              </Button>
              <Button variant="default" color="red" leftSection={<IconX size={16} aria-hidden="true" />} disabled={chosen.length === 0 || decide.isPending} onClick={() => handleDecide('rejected')}>
                {t('activities.requests.reject')}
              </Button>
            </div>
          </>
        )}
        {outcome && outcome.decided > 0 && <Notice>{t('activities.requests.decided', { count: outcome.decided })}</Notice>}
        {outcome && outcome.failures.length > 0 && (
          <Notice tone="error">
            {t('activities.requests.failed')}
            <ul>
              {outcome.failures.map(({ request, error }) => (
                <li key={request.id}>{t('activities.requests.failedItem', { name: request.student.name, reason: activityErrorText(t, error) })}</li>
              ))}
            </ul>
          </Notice>
        )}
      </section>

      <section className={classes.section} aria-labelledby="requests-waiting">
        <h3 id="requests-waiting" className={classes.sectionTitle}>
          {t('activities.requests.waiting')}
        </h3>
        {waiting.length === 0 && offered.length === 0 ? (
          <p className={classes.muted}>{t('activities.requests.noneWaiting')}</p>
        ) : (
          <ol className={classes.people} aria-labelledby="requests-waiting">
            {offered.map((request) => (
              <li key={request.id}>
                <RequestStatusBadge status="offered" position={null} />
                <span className={classes.personName}>{whoText(request)}</span>
              </li>
            ))}
            {waiting.map((request) => (
              <li key={request.id}>
                <span className={classes.position} aria-label={t('activities.requests.position', { position: request.position })}>
                  {request.position}
                </span>
                <span className={classes.personName}>{whoText(request)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className={classes.section} aria-labelledby="requests-accepted">
        <h3 id="requests-accepted" className={classes.sectionTitle}>
          {t('activities.requests.accepted')}
        </h3>
        {accepted.length === 0 ? (
          <p className={classes.muted}>{t('activities.requests.noneAccepted')}</p>
        ) : (
          <ul className={classes.people} aria-labelledby="requests-accepted">
            {accepted.map((request) => (
              <li key={request.id}>
                <span className={classes.personName}>{whoText(request)}</span>
              </li>
            ))}
          </ul>
        )}
        <div className={classes.actions} role="group" aria-label={t('activities.requests.roster')}>
          <DownloadButton
            icon={<IconFileTypeCsv size={18} aria-hidden="true" />}
            label={t('activities.requests.csv')}
            busyLabel={t('activities.requests.downloading')}
            failedText={t('activities.requests.downloadFailed')}
            download={() => downloadWithToken({ baseUrl, token, path: rosterPath(activity.id, 'csv', lang), fallbackName: fileName })}
          />
          <DownloadButton
            icon={<IconFileTypeXls size={18} aria-hidden="true" />}
            label={t('activities.requests.xlsx')}
            busyLabel={t('activities.requests.downloading')}
            failedText={t('activities.requests.downloadFailed')}
            download={() => downloadWithToken({ baseUrl, token, path: rosterPath(activity.id, 'xlsx', lang), fallbackName: fileName.replace(/\.csv$/, '.xlsx') })}
          />
        </div>
      </section>
    </div>
  );
}
