import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { isStaff } from './isStaff';
import { LazyTransportMap } from './map/LazyTransportMap';
import { useMapTiles } from './map/useMapTiles';
import { NoRoutesMessage } from './NoRoutesMessage';
import { mapBusesOf, mapLineOf, mapStopsOf } from './routeMapData';
import { RouteCard } from './RouteCard';
import { busLabelOf, isStalePosition } from './transportText';
import { useNow } from './useNow';
import { isRunning, useTransportRoutes } from './useTransportRoutes';
import './transportStyles';
import classes from './transport.module.css';

/**
 * /transport/routes: staff see every route on one map above the list; a driver their route with the
 * way to the tracker; a family the routes of their children, each leading to its live map;
 * administrators the way to each route's setup, or how to create the first route.
 */
export function RoutesPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const language = useSessionState((s) => s.language);
  const staff = useSessionState((s) => isStaff(s.user));
  const routes = useTransportRoutes({ live: true });
  const tiles = useMapTiles();
  const now = useNow();

  let body;
  if (routes.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (routes.isError) body = <RefusalMessage error={routes.error} onRetry={() => void routes.refetch()} />;
  else if (routes.data.length === 0) body = <NoRoutesMessage />;
  else {
    const list = routes.data;
    body = (
      <div className={staff ? classes.layout : undefined}>
        {staff && (
          <div className={classes.column}>
            <LazyTransportMap
              label={t('transport.routes.mapLabel')}
              textAlternativeId="transport-routes-list"
              tiles={tiles}
              lines={list.map((route) => mapLineOf(route.id, route.stops))}
              stops={list.flatMap((route) => mapStopsOf(route.stops).map((stop) => ({ ...stop, mine: false })))}
              buses={list.flatMap((route) =>
                mapBusesOf(route.id, route.lastPosition, busLabelOf(t, route.name, route.lastPosition, now, language), isRunning(route) && isStalePosition(route.lastPosition, now)),
              )}
            />
            <Link to="/geo/feed">{t('transport.routes.feedLink')}</Link>
          </div>
        )}
        <ul id="transport-routes-list" className={classes.list} aria-label={t('transport.routes.listLabel')}>
          {list.map((route) => (
            <li key={route.id}>
              <RouteCard route={route} now={now} language={language} />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <PageShell title={t('screens.transportRoutes')} onBack={goBack}>
      {body}
    </PageShell>
  );
}
