import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { logEntryText } from './logEntryText';
import { useRouteLog } from './useRouteLog';
import { routeIdOf, useTransportRoute } from './useTransportRoutes';
import './transportStyles';
import classes from './transport.module.css';
import logClasses from './routeLog.module.css';

/** /transport/routes/{routeId}/log: what happened on the route's runs, newest first, page after page. */
export function RouteLogPage() {
  const { t } = useTranslation();
  const routeId = routeIdOf(useParams().routeId);
  const goBack = useGoBack('/transport/routes');
  const language = useSessionState((s) => s.language);
  const route = useTransportRoute(routeId);
  const log = useRouteLog(routeId);
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.items) ?? [], [log.data]);
  const total = log.data?.pages[0]?.total ?? 0;
  const title = route.data ? t('transport.log.title', { name: route.data.name }) : t('screens.routeLog');

  let body;
  if (routeId === null) body = <RefusalMessage error={new ApiError(404, null, '')} />;
  else if (log.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (log.isError) body = <RefusalMessage error={log.error} onRetry={() => void log.refetch()} />;
  else if (entries.length === 0) body = <StatusMessage icon={<IconList size={36} />} title={t('transport.log.emptyTitle')} body={t('transport.log.emptyBody')} />;
  else {
    body = (
      <>
        <p className={classes.muted}>{t('transport.log.count', { count: total })}</p>
        <ol className={logClasses.entries} aria-label={title}>
          {entries.map((entry) => (
            <li key={entry.id} className={logClasses.entry} data-kind={entry.kind}>
              <span className={logClasses.what}>{logEntryText(t, entry)}</span>
              <span className={logClasses.meta}>
                <time dateTime={new Date(entry.at * 1000).toISOString()}>{formatDateTime(entry.at * 1000, language, { dateStyle: 'medium' })}</time>
                {entry.actor && <> · {t('transport.log.by', { name: entry.actor.name })}</>}
              </span>
            </li>
          ))}
        </ol>
        {log.hasNextPage && (
          <Button variant="default" mt="md" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t('transport.log.more')}
          </Button>
        )}
      </>
    );
  }

  return (
    <PageShell title={title} onBack={goBack}>
      {body}
    </PageShell>
  );
}
