import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, Button } from '@mantine/core';
import { IconAlertTriangle, IconList, IconMap2, IconSteeringWheel } from '@tabler/icons-react';
import type { TransportRoute } from '@patio/core/schemas/transport';
import { SetupRouteLink } from './SetupRouteLink';
import { isStalePosition, lastUpdateText } from './transportText';
import { isRunning } from './useTransportRoutes';
import classes from './transport.module.css';

export interface RouteCardProps {
  route: TransportRoute;
  now: number;
  language: string;
}

/** One route of the list: who drives it, whether it is out, how fresh its position is, and where to go. */
export function RouteCard({ route, now, language }: RouteCardProps) {
  const { t } = useTranslation();
  const running = isRunning(route);
  const isStale = running && isStalePosition(route.lastPosition, now);
  const headingId = `route-${route.id}`;
  return (
    <article className={classes.card} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {route.name}{' '}
        <Badge color={running ? 'teal' : 'gray'} variant="light" size="sm">
          {running ? t('transport.run.onTheWay') : t('transport.run.notRunning')}
        </Badge>
      </h2>
      <ul className={classes.facts}>
        {route.vehicle && <li className={classes.fact}>{t('transport.routes.vehicle', { vehicle: route.vehicle })}</li>}
        {route.driver && <li className={classes.fact}>{t('transport.routes.driver', { name: route.driver.name })}</li>}
        {route.monitor && <li className={classes.fact}>{t('transport.routes.monitor', { name: route.monitor.name })}</li>}
        <li className={`${classes.fact} ${isStale ? classes.stale : ''}`}>
          {isStale && <IconAlertTriangle size={18} aria-hidden="true" />}
          <span>
            {lastUpdateText(t, route.lastPosition, now, language)}
            {isStale && <> · {t('transport.position.stale')}</>}
          </span>
        </li>
      </ul>
      <div className={classes.links}>
        <Button component={Link} to={`/transport/routes/${route.id}/map`} variant="light" leftSection={<IconMap2 size={18} aria-hidden="true" />} aria-label={t('transport.routes.openMap', { name: route.name })}>
          {t('transport.routes.map')}
        </Button>
        {route.canDrive && (
          <>
            <Button component={Link} to={`/geo/targets/${route.targetId}`} variant={running ? 'filled' : 'light'} leftSection={<IconSteeringWheel size={18} aria-hidden="true" />} aria-label={t('transport.routes.openTracker', { name: route.name })}>
              {t('transport.routes.tracker')}
            </Button>
            <Button component={Link} to={`/transport/routes/${route.id}/log`} variant="subtle" leftSection={<IconList size={18} aria-hidden="true" />} aria-label={t('transport.routes.openLog', { name: route.name })}>
              {t('transport.routes.log')}
            </Button>
          </>
        )}
        {route.canManage && <SetupRouteLink routeId={route.id} routeName={route.name} compact />}
      </div>
    </article>
  );
}
