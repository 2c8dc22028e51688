import { useTranslation } from 'react-i18next';
import type { RouteStop } from '@patio/core/schemas/transport';
import { etaText } from './transportText';
import classes from './transport.module.css';

export interface StopListProps {
  id?: string;
  stops: RouteStop[];
  now: number;
  language: string;
}

/** What one stop says: passed, its ETA while the bus is out, else its planned time. */
function stopDetail(t: ReturnType<typeof useTranslation>['t'], stop: RouteStop, now: number, language: string): string | null {
  if (stop.reached) return t('transport.stops.reached');
  if (stop.eta !== null) return etaText(t, stop.eta, now, language);
  if (stop.scheduledTime) return t('transport.stops.scheduled', { time: stop.scheduledTime });
  return null;
}

/** The stops in order with what the bus means for each: the text alternative of the map. */
export function StopList({ id, stops, now, language }: StopListProps) {
  const { t } = useTranslation();
  if (stops.length === 0) return <p className={classes.muted}>{t('transport.stops.none')}</p>;
  return (
    <ol id={id} className={classes.stops} aria-label={t('transport.stops.title')}>
      {stops.map((stop) => {
        const detail = stopDetail(t, stop, now, language);
        return (
          <li key={stop.id} className={[classes.stop, stop.reached ? classes.stopReached : '', stop.mine ? classes.stopMine : ''].join(' ')}>
            <span className={classes.stopMark} aria-hidden="true">
              {stop.reached ? '✓' : stop.position}
            </span>
            <span className={classes.stopName}>
              {stop.name}
              {stop.mine && <span className={classes.mineTag}>{t('transport.stops.mine')}</span>}
            </span>
            {detail && <span className={classes.stopDetail}>{detail}</span>}
          </li>
        );
      })}
    </ol>
  );
}
