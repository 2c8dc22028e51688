import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import type { GeoTarget, TransportRoute } from '@patio/core/schemas/transport';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { LazyTransportMap, busLabelOf, isRunning, isStalePosition, mapBusesOf, mapLineOf, mapStopsOf, routeIdOf, transportClasses, useMapTiles, useNow, useRouteLive, useTransportRoute } from '../transport';
import { DelayForm } from './DelayForm';
import { LastUpdate } from './LastUpdate';
import { RiderStopList } from './RiderStopList';
import { RunControls } from './RunControls';
import { TrackingPanel } from './TrackingPanel';
import { useTracker } from './tracking/useTracker';
import { useGeoTarget } from './useGeoTargets';
import './geoStyles';
import classes from './geo.module.css';

/** /geo/targets/{targetId}: the tracker of a bus (spec §2 "tracker"), phone first. */
export function TrackerPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/transport/routes');
  const targetId = routeIdOf(useParams().targetId);
  const target = useGeoTarget(targetId);
  const route = useTransportRoute(target.data?.routeId ?? null);
  useRouteLive(target.data?.routeId ?? null);

  let body;
  if (targetId === null) body = <RefusalMessage error={new ApiError(404, null, '')} resource="page" />;
  else if (target.isPending || (target.data?.routeId && route.isPending)) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (target.isError) body = <RefusalMessage error={target.error} onRetry={() => void target.refetch()} resource="page" />;
  else if (route.isError) body = <RefusalMessage error={route.error} onRetry={() => void route.refetch()} resource="page" />;
  else body = <Tracker key={target.data.id} target={target.data} route={route.data ?? null} />;

  return (
    <PageShell title={target.data?.name ?? t('screens.geoTarget')} onBack={goBack}>
      {body}
    </PageShell>
  );
}

function Tracker({ target, route }: { target: GeoTarget; route: TransportRoute | null }) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const running = route !== null && isRunning(route);
  const tracker = useTracker({ targetId: target.id, isRunning: running, canReport: target.canReport });
  const tiles = useMapTiles();
  const now = useNow();
  const position = route?.lastPosition ?? target.lastPosition;
  const canDrive = target.canReport && route !== null && route.canDrive;

  return (
    <div className={`${transportClasses.layout} ${classes.evenColumns}`}>
      <div className={transportClasses.column}>
        {canDrive && (
          <section className={transportClasses.card} aria-labelledby="tracker-run">
            <h2 id="tracker-run">{route.vehicle ? t('geo.run.titleWithVehicle', { name: route.name, vehicle: route.vehicle }) : t('geo.run.title', { name: route.name })}</h2>
            <RunControls route={route} onStarted={() => tracker.setEnabled(true)} flush={tracker.flush} />
          </section>
        )}
        {target.canReport && (
          <section className={transportClasses.card} aria-labelledby="tracker-tracking">
            <h2 id="tracker-tracking">{t('geo.tracking.title')}</h2>
            {route ? <TrackingPanel tracker={tracker} isRunning={running} /> : <p className={transportClasses.muted}>{t('geo.tracking.noRoute')}</p>}
          </section>
        )}
        {/* Someone who is not driving (staff checking on a bus) sees where it was last. */}
        {!tracker.isWatching && (
          <section className={transportClasses.card} aria-labelledby="tracker-last">
            <h2 id="tracker-last">{t('geo.tracker.lastPosition')}</h2>
            <LastUpdate position={position} isStale={running && isStalePosition(position, now)} now={now} language={language} />
            {(position || route) && (
              <LazyTransportMap
                size="small"
                label={t('geo.tracker.mapLabel', { name: target.name })}
                tiles={tiles}
                lines={route ? [mapLineOf(route.id, route.stops)] : []}
                stops={route ? mapStopsOf(route.stops) : []}
                buses={mapBusesOf(target.id, position, busLabelOf(t, target.name, position, now, language), running && isStalePosition(position, now))}
              />
            )}
          </section>
        )}
      </div>
      {route && (
        <div className={transportClasses.column}>
          {canDrive && running && route.run && (
            <section className={transportClasses.card} aria-labelledby="tracker-delay">
              <h2 id="tracker-delay">{t('geo.delay.title')}</h2>
              <DelayForm routeId={route.id} runId={route.run.id} />
            </section>
          )}
          <section className={transportClasses.card} aria-labelledby="tracker-stops">
            <h2 id="tracker-stops">{t('transport.stops.title')}</h2>
            <RiderStopList route={route} canMark={canDrive} />
          </section>
        </div>
      )}
    </div>
  );
}
