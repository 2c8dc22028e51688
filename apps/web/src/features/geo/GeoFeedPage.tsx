import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, Loader } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { useSignedInId } from '../../app/session/useSignedInId';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { LazyTransportMap, busLabelOf, isStalePosition, mapBusesOf, transportClasses, useMapTiles, useNow } from '../transport';
import { useGeoFeed } from './useGeoTargets';
import { LastUpdate } from './LastUpdate';
import './geoStyles';
import classes from './geo.module.css';

/** /geo/feed: where every tracker the caller may see was last, on a map and as a list, refreshed every 10 s. */
export function GeoFeedPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/geo/targets');
  const language = useSessionState((s) => s.language);
  const feed = useGeoFeed(useSignedInId());
  const tiles = useMapTiles();
  const now = useNow();
  const listId = useId();

  let body;
  if (feed.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (feed.isError) body = <RefusalMessage error={feed.error} onRetry={() => void feed.refetch()} resource="page" />;
  else if (feed.data.length === 0) body = <StatusMessage icon={<IconMapPin size={36} />} title={t('geo.feed.emptyTitle')} body={t('geo.feed.emptyBody')} />;
  else {
    const buses = feed.data.flatMap(({ target, position, running }) => mapBusesOf(target.id, position, busLabelOf(t, target.name, position, now, language), running && isStalePosition(position, now)));
    body = (
      <div className={`${transportClasses.layout} ${classes.evenColumns}`}>
        <div className={transportClasses.column}>
          <LazyTransportMap label={t('geo.feed.mapLabel')} textAlternativeId={listId} tiles={tiles} lines={[]} stops={[]} buses={buses} />
        </div>
        <ul id={listId} className={transportClasses.list} aria-label={t('geo.feed.listLabel')}>
          {feed.data.map(({ target, position, running }) => (
            <li key={target.id} className={transportClasses.card}>
              <h2>
                {target.name}{' '}
                <Badge color={running ? 'teal' : 'gray'} variant="light" size="sm">
                  {running ? t('transport.run.onTheWay') : t('transport.run.notRunning')}
                </Badge>
              </h2>
              <LastUpdate position={position} isStale={running && isStalePosition(position, now)} now={now} language={language} />
              {target.routeId !== null && (
                <div className={transportClasses.links}>
                  <Link to={`/transport/routes/${target.routeId}/map`}>{t('geo.feed.openRoute', { name: target.name })}</Link>
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <PageShell title={t('screens.geoFeed')} onBack={goBack}>
      {body}
    </PageShell>
  );
}
