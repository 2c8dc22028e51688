import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconBus, IconClockHour4, IconMapPin } from '@tabler/icons-react';
import { formatTime } from '@patio/core/format/dateTimes';
import type { GeoPosition, RouteRun, RouteStop } from '@patio/core/schemas/transport';
import { etaText, isStalePosition, lastUpdateText, runStateOf } from './transportText';
import classes from './transport.module.css';

export interface RouteStatusProps {
  run: RouteRun | null;
  /** For the shared view, which knows whether the bus is out but not its run. */
  running?: boolean;
  lastPosition: GeoPosition | null;
  /** The family's stops (`mine`); none on the shared view. */
  myStops: RouteStop[];
  now: number;
  language: string;
}

/** What a family looks for first: is the bus out, how fresh its position is, and when it reaches their stop. */
export function RouteStatus({ run, running, lastPosition, myStops, now, language }: RouteStatusProps) {
  const { t } = useTranslation();
  const state = running === undefined ? runStateOf(run) : running ? 'onTheWay' : 'notRunning';
  const isStale = state === 'onTheWay' && isStalePosition(lastPosition, now);
  let stateText = t(`transport.run.${state}`);
  if (state === 'onTheWay' && run) stateText = t('transport.run.onTheWaySince', { time: formatTime(run.startedAt * 1000, language) });
  if (state === 'finished' && run?.finishedAt) stateText = t('transport.run.finishedAt', { time: formatTime(run.finishedAt * 1000, language) });

  return (
    <ul className={classes.facts}>
      <li className={classes.fact}>
        <IconBus size={18} aria-hidden="true" />
        <span>{stateText}</span>
      </li>
      {/* Always visible: how old the position is, turning to a warning once it is stale (announced once). */}
      <li className={`${classes.fact} ${isStale ? classes.stale : ''}`}>
        {isStale ? <IconAlertTriangle size={18} aria-hidden="true" /> : <IconClockHour4 size={18} aria-hidden="true" />}
        <span>
          {lastUpdateText(t, lastPosition, now, language)} <span aria-live="polite">{isStale ? t('transport.position.staleHint') : ''}</span>
        </span>
      </li>
      {state === 'onTheWay' &&
        myStops.map((stop) => (
          <li key={stop.id} className={classes.fact}>
            <IconMapPin size={18} aria-hidden="true" />
            <span>
              {stop.reached ? (
                t('transport.eta.passed', { stop: stop.name })
              ) : stop.eta !== null ? (
                <>
                  {t('transport.eta.label', { stop: stop.name })} <span className={classes.eta}>{etaText(t, stop.eta, now, language)}</span>
                </>
              ) : (
                t('transport.eta.unknown', { stop: stop.name })
              )}
            </span>
          </li>
        ))}
    </ul>
  );
}
