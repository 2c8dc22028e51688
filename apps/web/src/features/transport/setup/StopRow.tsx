import { useTranslation } from 'react-i18next';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconMapPin, IconTrash } from '@tabler/icons-react';
import type { DraftStop, StopProblems } from './stopsDraft';
import classes from './routeSetup.module.css';

export interface StopRowProps {
  stop: DraftStop;
  /** Its place in the driving order, from 1. */
  number: number;
  total: number;
  /** Riders who get on or off here (saved stops only): such a stop cannot be removed. */
  riders: number;
  /** What keeps it from being saved, once a save was tried. */
  problems: StopProblems | null;
  isSelected: boolean;
  disabled: boolean;
  onEdit: (key: string, part: Partial<Pick<DraftStop, 'name' | 'time'>>) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onRemove: (key: string) => void;
  onSelect: (key: string) => void;
}

/** One stop of the list: its name and planned time, where it is, and buttons to move, place and remove it. */
export function StopRow({ stop, number, total, riders, problems, isSelected, disabled, onEdit, onMove, onRemove, onSelect }: StopRowProps) {
  const { t } = useTranslation();
  // Coordinates as maps write them in every language (a decimal point, five decimals: about a metre).
  const coordinate = (value: number) => value.toFixed(5);
  const inUse = riders > 0;
  const inUseId = `stop-in-use-${stop.key}`;
  const place = stop.lat !== null && stop.lng !== null ? t('transport.setup.stops.location', { latitude: coordinate(stop.lat), longitude: coordinate(stop.lng) }) : null;

  return (
    <li className={`${classes.stopRow} ${isSelected ? classes.stopSelected : ''}`} data-stop={stop.key}>
      <fieldset className={classes.stopFieldset} disabled={disabled}>
        <legend className={classes.stopLegend}>
          <span className={classes.stopNumber} aria-hidden="true">
            {number}
          </span>
          <span className={classes.visuallyHidden}>{t('transport.setup.stops.stop', { number })}</span>
        </legend>
        <div className={classes.stopFields}>
          <TextInput
            className={classes.stopName}
            label={t('transport.setup.stops.name')}
            value={stop.name}
            maxLength={120}
            required
            data-stop-name={stop.key}
            error={problems?.name ? t(`transport.setup.stops.errors.${problems.name}`) : undefined}
            onChange={(event) => onEdit(stop.key, { name: event.currentTarget.value })}
          />
          <TextInput
            className={classes.stopTime}
            type="time"
            label={t('transport.setup.stops.time')}
            value={stop.time}
            error={problems?.time ? t(`transport.setup.stops.errors.${problems.time}`) : undefined}
            onChange={(event) => onEdit(stop.key, { time: event.currentTarget.value })}
          />
          <p className={classes.stopMeta}>
            {place ? <span>{place}</span> : <span className={problems?.place ? classes.problem : undefined}>{problems?.place ? t(`transport.setup.stops.errors.${problems.place}`) : t('transport.setup.stops.notPlaced')}</span>}
          </p>
        </div>
        {inUse && (
          <p id={inUseId} className={classes.stopRiders}>
            {t('transport.setup.stops.riders', { count: riders })}
          </p>
        )}
        <div className={classes.stopActions}>
          <ActionIcon size="lg" variant="default" aria-label={t('transport.setup.stops.moveUp', { number })} title={t('transport.setup.stops.moveUp', { number })} disabled={disabled || number === 1} data-move="up" onClick={() => onMove(stop.key, -1)}>
            <IconArrowUp size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon size="lg" variant="default" aria-label={t('transport.setup.stops.moveDown', { number })} title={t('transport.setup.stops.moveDown', { number })} disabled={disabled || number === total} data-move="down" onClick={() => onMove(stop.key, 1)}>
            <IconArrowDown size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            size="lg"
            variant={isSelected ? 'filled' : 'default'}
            aria-label={t('transport.setup.stops.place', { number })}
            title={t('transport.setup.stops.place', { number })}
            aria-pressed={isSelected}
            disabled={disabled}
            onClick={() => onSelect(stop.key)}
          >
            <IconMapPin size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            size="lg"
            variant="default"
            color="red"
            aria-label={t('transport.setup.stops.remove', { number })}
            title={t('transport.setup.stops.remove', { number })}
            aria-describedby={inUse ? inUseId : undefined}
            disabled={disabled || inUse}
            onClick={() => onRemove(stop.key)}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </div>
      </fieldset>
    </li>
  );
}
