import { useId } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { ApproachAlertSection } from './ApproachAlertForm';
import { ApproachBanner } from './ApproachBanner';
import { DelayNotice } from './DelayNotice';
import { LazyTransportMap } from './map/LazyTransportMap';
import { useMapTiles } from './map/useMapTiles';
import { mapBusesOf, mapLineOf, mapStopsOf } from './routeMapData';
import { RouteStatus } from './RouteStatus';
import { SetupRouteLink } from './SetupRouteLink';
import { ShareSection } from './ShareSection';
import { StopList } from './StopList';
import { busLabelOf, isStalePosition } from './transportText';
import { useNow } from './useNow';
import { useLatestDelay } from './useRouteLog';
import { useRouteLive } from './useRouteLive';
import { routeIdOf, useTransportRoute } from './useTransportRoutes';
import './transportStyles';
import classes from './transport.module.css';

/** /transport/routes/{routeId}/map: the live bus of a route, when it reaches the family's stop, alerts and sharing. */
export function RouteMapPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/transport/routes');
  const routeId = routeIdOf(useParams().routeId);
  const language = useSessionState((s) => s.language);
  const route = useTransportRoute(routeId);
  const delay = useLatestDelay(route.data);
  const tiles = useMapTiles();
  const now = useNow();
  const stopListId = useId();
  useRouteLive(routeId);

  let body;
  if (routeId === null) body = <RefusalMessage error={new ApiError(404, null, '')} />;
  else if (route.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (route.isError) body = <RefusalMessage error={route.error} onRetry={() => void route.refetch()} />;
  else {
    const data = route.data;
    const isStale = isStalePosition(data.lastPosition, now);
    const busLabel = busLabelOf(t, data.name, data.lastPosition, now, language);
    body = (
      <div className={classes.layout}>
        <div className={classes.column}>
          <LazyTransportMap
            label={t('transport.map.label', { name: data.name })}
            textAlternativeId={stopListId}
            tiles={tiles}
            lines={[mapLineOf(data.id, data.stops)]}
            stops={mapStopsOf(data.stops)}
            buses={mapBusesOf(data.id, data.lastPosition, busLabel, isStale)}
          />
        </div>
        <div className={classes.column}>
          {data.canManage && (
            <div className={classes.manage}>
              <SetupRouteLink routeId={data.id} routeName={data.name} />
            </div>
          )}
          <section className={classes.card} aria-labelledby="route-status">
            <h2 id="route-status">{data.vehicle ? t('transport.status.titleWithVehicle', { vehicle: data.vehicle }) : t('transport.status.title')}</h2>
            <RouteStatus run={data.run} lastPosition={data.lastPosition} myStops={data.stops.filter((s) => s.mine)} now={now} language={language} />
          </section>
          {data.run && <ApproachBanner routeId={data.id} stops={data.stops} now={now} language={language} />}
          {delay && <DelayNotice entry={delay} language={language} />}
          <section className={classes.card} aria-labelledby="route-stops">
            <h2 id="route-stops">{t('transport.stops.title')}</h2>
            <StopList id={stopListId} stops={data.stops} now={now} language={language} />
          </section>
          {data.stops.length > 0 && (
            <section className={classes.card} aria-labelledby="route-alert">
              <h2 id="route-alert">{t('transport.alert.title')}</h2>
              <ApproachAlertSection routeId={data.id} stops={data.stops} />
            </section>
          )}
          {data.canShare && (
            <section className={classes.card} aria-labelledby="route-share">
              <h2 id="route-share">{t('transport.share.title')}</h2>
              <ShareSection routeId={data.id} />
            </section>
          )}
        </div>
      </div>
    );
  }

  return (
    <PageShell title={route.data?.name ?? t('screens.routeMap')} onBack={goBack}>
      {body}
    </PageShell>
  );
}
