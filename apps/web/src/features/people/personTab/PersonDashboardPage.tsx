import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { formatMinor } from '@patio/core/billing/money';
import { intlLocaleOf } from '@patio/core/format/intlLocale';
import type { PersonOverview } from '@patio/core/schemas/personTab';
import { RefusalMessage } from '../../../app/RefusalMessage';
import { labelOf } from '../labels';
import { ListDate } from './listPieces';
import { usePersonOverview } from './usePersonTab';
import classes from './personTab.module.css';

type Facts = PersonOverview;

function AttendanceFact({ attendance }: { attendance: NonNullable<Facts['attendance']> }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocaleOf(i18n.language);
  const rate = attendance.rate === null ? null : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(attendance.rate);
  // Day and short month ("8 nov"): the period is the last 30 days, its year goes without saying.
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayOf = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
  const counts = (['present', 'absent', 'late', 'excused'] as const).map((type) => ({ type, count: attendance[type] }));
  return (
    <section className={classes.card} aria-labelledby="person-fact-attendance">
      <h3 className={classes.cardTitle} id="person-fact-attendance">
        {t('personTab.facts.attendance.title')}
      </h3>
      <p className={rate === null ? classes.muted : classes.figure}>{rate === null ? t('personTab.facts.attendance.noRate') : t('personTab.facts.attendance.rate', { rate })}</p>
      <p className={classes.muted}>
        {t('personTab.facts.attendance.period', { from: dayOf(attendance.from), to: dayOf(attendance.to) })}
      </p>
      <dl className={classes.counts}>
        {counts.map(({ type, count }) => (
          <div key={type}>
            <dt>{t(`personTab.facts.attendance.${type}`)}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function BalanceFact({ balance, personId }: { balance: NonNullable<Facts['balance']>; personId: number }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMinor(minor, balance.currency, intlLocaleOf(i18n.language));
  return (
    <section className={classes.card} aria-labelledby="person-fact-balance">
      <h3 className={classes.cardTitle} id="person-fact-balance">
        {t('personTab.facts.balance.title')}
      </h3>
      <p className={classes.figure}>{money(balance.balance)}</p>
      <dl className={classes.counts}>
        <div className={balance.overdue > 0 ? classes.overdue : undefined}>
          <dt>{t('personTab.facts.balance.overdue')}</dt>
          <dd>{money(balance.overdue)}</dd>
        </div>
        <div>
          <dt>{t('personTab.facts.balance.pending')}</dt>
          <dd>{money(Math.max(0, balance.pending - balance.overdue))}</dd>
        </div>
      </dl>
      {balance.overdueCount > 0 && <p className={classes.muted}>{t('personTab.facts.balance.overdueCount', { count: balance.overdueCount })}</p>}
      {/* billing/billingPaths.ts's address; not imported: billing imports people. */}
      <Link to={`/billing/${personId}`} className={classes.cardLink}>
        {t('personTab.facts.balance.open')}
      </Link>
    </section>
  );
}

function TransportFact({ transport }: { transport: NonNullable<Facts['transport']> }) {
  const { t } = useTranslation();
  return (
    <section className={classes.card} aria-labelledby="person-fact-transport">
      <h3 className={classes.cardTitle} id="person-fact-transport">
        {t('personTab.facts.transport.title')}
      </h3>
      {transport.length === 0 ? (
        <p className={classes.muted}>{t('personTab.facts.transport.none')}</p>
      ) : (
        <ul className={classes.plainList}>
          {transport.map(({ route, role, stop }) => (
            <li key={`${route.id}-${role}`}>
              <Link to={`/transport/routes/${route.id}/map`}>{route.name}</Link>
              {' · '}
              {t(`personTab.facts.transport.${role}`)}
              {stop && <span className={classes.muted}> · {t('personTab.facts.transport.stop', { stop })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GroupsFact({ groups }: { groups: Facts['groups'] }) {
  const { t } = useTranslation();
  return (
    <section className={classes.card} aria-labelledby="person-fact-groups">
      <h3 className={classes.cardTitle} id="person-fact-groups">
        {t('personTab.facts.groups.title')}
      </h3>
      {groups.length === 0 ? (
        <p className={classes.muted}>{t('personTab.facts.groups.none')}</p>
      ) : (
        <ul className={classes.plainList}>
          {groups.map(({ node, role }) => (
            <li key={`${node.id}-${role}`}>
              <Link to={`/nodes/${node.id}`}>{node.name}</Link>
              {' · '}
              {labelOf(t, 'roles', role)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentThreads({ threads }: { threads: Facts['recentThreads'] }) {
  const { t } = useTranslation();
  return (
    <section className={classes.card} aria-labelledby="person-fact-threads">
      <h3 className={classes.cardTitle} id="person-fact-threads">
        {t('personTab.facts.threads.title')}
      </h3>
      {threads.length === 0 ? (
        <p className={classes.muted}>{t('personTab.facts.threads.none')}</p>
      ) : (
        <ul className={classes.plainList}>
          {threads.map((thread) => (
            <li key={thread.threadId}>
              <Link to={`/threads/feed/${thread.threadId}`} className={classes.threadLink}>
                <span className={classes.itemTitle}>
                  {thread.unread && (
                    <>
                      <span className={classes.unreadDot} aria-hidden="true" />
                      <span className={classes.visuallyHidden}>{t('personTab.facts.threads.unread')}: </span>
                    </>
                  )}
                  {thread.title.trim() || t('threads.list.untitled')}
                </span>
                <ListDate date={new Date(thread.lastAt).toISOString()} className={classes.muted} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /person/{personId} in a staff viewer's tab: the person's key facts. A fact the server leaves out
 * (null: not a student, or not the viewer's to see) is not shown at all, never as a zero.
 */
export function PersonDashboardPage() {
  const { t } = useTranslation();
  const personId = Number(useParams().personId);
  const overview = usePersonOverview(personId);
  if (overview.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (overview.isError) return <RefusalMessage error={overview.error} onRetry={() => void overview.refetch()} resource="person" />;
  const facts = overview.data;
  return (
    <div className={classes.facts} role="region" aria-label={t('personTab.facts.label')}>
      {facts.attendance && <AttendanceFact attendance={facts.attendance} />}
      {facts.balance && <BalanceFact balance={facts.balance} personId={personId} />}
      {facts.transport && <TransportFact transport={facts.transport} />}
      <GroupsFact groups={facts.groups} />
      <RecentThreads threads={facts.recentThreads} />
    </div>
  );
}
