import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import type { RouteSetup, RouteSetupRider } from '@patio/core/schemas/transport-setup';
import { Notice } from '../../../ui/Notice';
import { RiderStopsFields } from './RiderStopsFields';
import { describeSetupError } from './setupErrors';
import { useRemoveRider, useSaveRider } from './useRouteSetup';
import classes from './routeSetup.module.css';

export interface RiderRowProps {
  routeId: number;
  rider: RouteSetupRider;
  stops: RouteSetup['stops'];
  onDirtyChange: (personId: number, dirty: boolean) => void;
  /** A change went through: what to tell the administrator. */
  onDone: (message: string, removed: boolean) => void;
}

/**
 * One rider: where they get on and off, saved with the row's button (PUT …/riders/{id}). A rider added
 * here can be removed (DELETE); a student of the route's group rides anyway, so their row only clears
 * the stops.
 */
export function RiderRow({ routeId, rider, stops, onDirtyChange, onDone }: RiderRowProps) {
  const { t } = useTranslation();
  const name = rider.person.name;
  const personId = rider.person.id;
  const save = useSaveRider(routeId);
  const remove = useRemoveRider(routeId);
  const savedKey = `${rider.pickupStopId}:${rider.dropoffStopId}`;
  const [draft, setDraft] = useState({ pickupStopId: rider.pickupStopId, dropoffStopId: rider.dropoffStopId, savedKey });
  // The saved stops changed (this row's save, or a change of the stop list): the row starts from them.
  if (draft.savedKey !== savedKey) setDraft({ pickupStopId: rider.pickupStopId, dropoffStopId: rider.dropoffStopId, savedKey });
  const dirty = draft.pickupStopId !== rider.pickupStopId || draft.dropoffStopId !== rider.dropoffStopId;
  const hasStops = rider.pickupStopId !== null || rider.dropoffStopId !== null;
  const error = save.error ?? remove.error;
  const legendId = `rider-${personId}`;

  useEffect(() => onDirtyChange(personId, dirty), [personId, dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(personId, false), [personId, onDirtyChange]);

  const handleSave = () => {
    remove.reset();
    save.mutate(
      { personId, stops: { pickupStopId: draft.pickupStopId, dropoffStopId: draft.dropoffStopId } },
      { onSuccess: () => onDone(t('transport.setup.riders.saved', { name }), false) },
    );
  };

  const handleRemove = () => {
    save.reset();
    remove.mutate(personId, {
      onSuccess: () => onDone(rider.member ? t('transport.setup.riders.resetDone', { name }) : t('transport.setup.riders.removed', { name }), !rider.member),
    });
  };

  return (
    <li className={classes.riderRow}>
      <fieldset className={classes.riderFieldset} aria-labelledby={legendId}>
        <div className={classes.riderWho}>
          <span id={legendId} className={classes.riderName}>
            {name}
          </span>
          {rider.member && (
            <span className={classes.memberTag}>{t('transport.setup.riders.member')}</span>
          )}
        </div>
        <RiderStopsFields stops={stops} pickupStopId={draft.pickupStopId} dropoffStopId={draft.dropoffStopId} onChange={(part) => setDraft((current) => ({ ...current, ...part }))} />
        <div className={classes.riderActions}>
          <Button size="sm" disabled={!dirty} loading={save.isPending} aria-label={t('transport.setup.riders.saveNamed', { name })} onClick={handleSave}>
            {t('transport.setup.riders.save')}
          </Button>
          {rider.member ? (
            <Button size="sm" variant="default" disabled={!hasStops} loading={remove.isPending} aria-label={t('transport.setup.riders.resetNamed', { name })} onClick={handleRemove}>
              {t('transport.setup.riders.reset')}
            </Button>
          ) : (
            <Button size="sm" variant="default" c="red.9" loading={remove.isPending} aria-label={t('transport.setup.riders.removeNamed', { name })} onClick={handleRemove}>
              {t('transport.setup.riders.remove')}
            </Button>
          )}
        </div>
        {error && <Notice tone="error">{describeSetupError(t, error)}</Notice>}
      </fieldset>
    </li>
  );
}
