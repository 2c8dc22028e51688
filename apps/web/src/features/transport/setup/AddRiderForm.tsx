import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { RouteSetup } from '@patio/core/schemas/transport-setup';
import { Notice } from '../../../ui/Notice';
import { PersonSearch } from './PersonSearch';
import { RiderStopsFields } from './RiderStopsFields';
import { describeSetupError } from './setupErrors';
import { useSaveRider, type PersonRef } from './useRouteSetup';
import classes from './routeSetup.module.css';

export interface AddRiderFormProps {
  setup: RouteSetup;
  onDirtyChange: (dirty: boolean) => void;
  onDone: (message: string) => void;
}

/** A new rider: a student found by name or document, with where they get on and off (PUT …/riders/{id}). */
export function AddRiderForm({ setup, onDirtyChange, onDone }: AddRiderFormProps) {
  const { t } = useTranslation();
  const save = useSaveRider(setup.id);
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [stops, setStops] = useState<{ pickupStopId: number | null; dropoffStopId: number | null }>({ pickupStopId: null, dropoffStopId: null });

  useEffect(() => onDirtyChange(person !== null), [person, onDirtyChange]);

  const start = (chosen: PersonRef | null) => {
    setPerson(chosen);
    setStops({ pickupStopId: null, dropoffStopId: null });
    save.reset();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!person) return;
    save.mutate(
      { personId: person.id, stops },
      {
        onSuccess: () => {
          onDone(t('transport.setup.riders.added', { name: person.name }));
          start(null);
        },
      },
    );
  };

  return (
    <div className={classes.addRider} role="group" aria-labelledby="setup-add-rider">
      <h3 id="setup-add-rider" className={classes.subTitle}>
        {t('transport.setup.riders.add')}
      </h3>
      {person === null ? (
        <PersonSearch label={t('transport.setup.riders.search')} role="student" excludeIds={setup.riders.map((r) => r.person.id)} onPick={(card) => start({ id: card.id, name: formatFullName(card) })} />
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <fieldset className={classes.newRiderFieldset} aria-labelledby="setup-new-rider">
            <div className={classes.riderWho}>
              <span id="setup-new-rider" className={classes.riderName}>
                {person.name}
              </span>
            </div>
            <RiderStopsFields stops={setup.stops} pickupStopId={stops.pickupStopId} dropoffStopId={stops.dropoffStopId} onChange={(part) => setStops((current) => ({ ...current, ...part }))} />
          </fieldset>
          <Group gap="xs" mt="sm">
            <Button type="submit" className={classes.wrappingButton} leftSection={<IconUserPlus size={18} aria-hidden="true" />} loading={save.isPending}>
              {t('transport.setup.riders.addNamed', { name: person.name })}
            </Button>
            <Button variant="default" onClick={() => start(null)}>
              {t('common.cancel')}
            </Button>
          </Group>
          {save.isError && <Notice tone="error">{describeSetupError(t, save.error)}</Notice>}
        </form>
      )}
    </div>
  );
}
