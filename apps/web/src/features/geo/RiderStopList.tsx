import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { RouteRider, TransportRoute } from '@patio/core/schemas/transport';
import { describeError } from '../../app/api/describeError';
import { useSessionState } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { etaText, isRunning, useNow, useRunEvent } from '../transport';
import { ridersByStop } from './ridersByStop';
import classes from './geo.module.css';

const STATE_COLORS = { waiting: 'gray', boarded: 'teal', dropped: 'blue' } as const;

export interface RiderStopListProps {
  route: TransportRoute;
  /** The driver, monitor or staff on the bus may mark riders; anyone else just reads the list. */
  canMark: boolean;
}

/** The stops in order, reached or not, with each rider to mark "Boarded" or "Dropped" (POST …/events). */
export function RiderStopList({ route, canMark }: RiderStopListProps) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const now = useNow();
  const event = useRunEvent(route.id);
  const running = isRunning(route);
  const { stops, unplaced } = ridersByStop(route.stops, route.riders);

  function mark(rider: RouteRider, kind: 'boarded' | 'dropped', stopId: number | null): void {
    if (!route.run) return;
    event.mutate({ runId: route.run.id, event: { kind, personId: rider.person.id, stopId } });
  }

  const pending = event.isPending ? event.variables?.event : undefined;
  const pendingPersonId = pending && 'personId' in pending ? pending.personId : null;

  function riderRow(rider: RouteRider, action: 'boarded' | 'dropped' | 'both', stopId: number | null) {
    const busy = pendingPersonId === rider.person.id;
    const canBoard = canMark && (action === 'boarded' || action === 'both') && rider.state === 'waiting';
    const canDrop = canMark && (action === 'dropped' || action === 'both') && rider.state === 'boarded';
    return (
      <li key={`${rider.person.id}-${action}`} className={classes.rider}>
        <span className={classes.riderName}>{rider.person.name}</span>
        <Badge color={STATE_COLORS[rider.state]} variant="light" size="sm">
          {t(`geo.riders.states.${rider.state}`)}
        </Badge>
        <Group gap={6} className={classes.riderActions}>
          {canBoard && (
            <Button size="sm" disabled={!running} loading={busy} onClick={() => mark(rider, 'boarded', stopId)} aria-label={t('geo.riders.markBoarded', { name: rider.person.name })}>
              {t('geo.riders.boarded')}
            </Button>
          )}
          {canDrop && (
            <Button size="sm" variant="light" disabled={!running} loading={busy} onClick={() => mark(rider, 'dropped', stopId)} aria-label={t('geo.riders.markDropped', { name: rider.person.name })}>
              {t('geo.riders.dropped')}
            </Button>
          )}
        </Group>
      </li>
    );
  }

  return (
    <>
      {canMark && !running && route.riders.length > 0 && <Text size="sm">{t('geo.riders.startFirst')}</Text>}
      {event.isError && <Notice tone="error">{describeError(t, event.error)}</Notice>}
      <ol className={classes.stops} aria-label={t('transport.stops.title')}>
        {stops.map(({ stop, boarding, leaving }) => (
          <li key={stop.id} className={classes.stop} data-reached={stop.reached || undefined}>
            <div className={classes.stopHeader}>
              <span className={classes.stopNumber} aria-hidden="true">
                {stop.reached ? <IconCheck size={16} /> : stop.position}
              </span>
              <span className={classes.stopName}>{stop.name}</span>
              <span className={classes.stopState}>
                {stop.reached ? t('transport.stops.reached') : stop.eta !== null ? etaText(t, stop.eta, now, language) : stop.scheduledTime ? t('transport.stops.scheduled', { time: stop.scheduledTime }) : ''}
              </span>
            </div>
            {(boarding.length > 0 || leaving.length > 0) && (
              <ul className={classes.riders} aria-label={t('geo.riders.atStop', { stop: stop.name })}>
                {boarding.map((rider) => riderRow(rider, 'boarded', stop.id))}
                {leaving.map((rider) => riderRow(rider, 'dropped', stop.id))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      {unplaced.length > 0 && (
        <>
          <h3 className={classes.subheading}>{t('geo.riders.unplaced')}</h3>
          <ul className={classes.riders}>{unplaced.map((rider) => riderRow(rider, 'both', null))}</ul>
        </>
      )}
    </>
  );
}
