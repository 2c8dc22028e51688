import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@mantine/core';
import type { RouteSetup } from '@patio/core/schemas/transport-setup';
import classes from './routeSetup.module.css';

export interface RiderStopsFieldsProps {
  /** The route's saved stops, in driving order. */
  stops: RouteSetup['stops'];
  pickupStopId: number | null;
  dropoffStopId: number | null;
  disabled?: boolean;
  onChange: (part: { pickupStopId?: number | null; dropoffStopId?: number | null }) => void;
}

/** Where a rider gets on and where they get off: two choices among the route's saved stops, or not set. */
export function RiderStopsFields({ stops, pickupStopId, dropoffStopId, disabled = false, onChange }: RiderStopsFieldsProps) {
  const { t } = useTranslation();
  const options = [
    { value: '', label: t('transport.setup.riders.notSet') },
    ...[...stops].sort((a, b) => a.position - b.position).map((stop, index) => ({ value: String(stop.id), label: `${index + 1}. ${stop.name}` })),
  ];
  const idOf = (value: string) => (value === '' ? null : Number(value));
  return (
    <>
      <NativeSelect
        className={classes.riderStop}
        label={t('transport.setup.riders.pickup')}
        value={pickupStopId === null ? '' : String(pickupStopId)}
        data={options}
        disabled={disabled}
        onChange={(event) => onChange({ pickupStopId: idOf(event.currentTarget.value) })}
      />
      <NativeSelect
        className={classes.riderStop}
        label={t('transport.setup.riders.dropoff')}
        value={dropoffStopId === null ? '' : String(dropoffStopId)}
        data={options}
        disabled={disabled}
        onChange={(event) => onChange({ dropoffStopId: idOf(event.currentTarget.value) })}
      />
    </>
  );
}
