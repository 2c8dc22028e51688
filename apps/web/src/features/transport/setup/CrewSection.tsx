import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, TextInput } from '@mantine/core';
import type { RouteSetup } from '@patio/core/schemas/transport-setup';
import { Notice } from '../../../ui/Notice';
import { describeSetupError } from './setupErrors';
import { PersonField } from './PersonField';
import { UnsavedBadge } from './UnsavedBadge';
import { useSaveCrew, type PersonRef } from './useRouteSetup';
import classes from './routeSetup.module.css';
import transportClasses from '../transport.module.css';

interface CrewDraft {
  vehicle: string;
  driver: PersonRef | null;
  monitor: PersonRef | null;
}

const draftOf = (setup: RouteSetup): CrewDraft => ({ vehicle: setup.vehicle, driver: setup.driver, monitor: setup.monitor });
const isSameCrew = (a: CrewDraft, b: CrewDraft) => a.vehicle === b.vehicle && a.driver?.id === b.driver?.id && a.monitor?.id === b.monitor?.id;

export interface CrewSectionProps {
  setup: RouteSetup;
  onDirtyChange: (dirty: boolean) => void;
}

/** The bus's label, who drives it and who rides along to look after the children (PUT …/crew). */
export function CrewSection({ setup, onDirtyChange }: CrewSectionProps) {
  const { t } = useTranslation();
  const save = useSaveCrew(setup.id);
  const [draft, setDraft] = useState<CrewDraft>(() => draftOf(setup));
  const [sameTwice, setSameTwice] = useState(false);
  const [done, setDone] = useState(false);
  const dirty = !isSameCrew(draft, draftOf(setup));

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const change = (part: Partial<CrewDraft>) => {
    setDraft((current) => ({ ...current, ...part }));
    setSameTwice(false);
    setDone(false);
    save.reset();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The server says so too (400 driver_is_monitor); said here, nothing is sent.
    if (draft.driver && draft.driver.id === draft.monitor?.id) {
      setSameTwice(true);
      return;
    }
    save.mutate(
      { vehicle: draft.vehicle.trim(), driverId: draft.driver?.id ?? null, monitorId: draft.monitor?.id ?? null },
      {
        onSuccess: (answer) => {
          setDraft(draftOf(answer));
          setDone(true);
        },
      },
    );
  };

  return (
    <section className={transportClasses.card} aria-labelledby="setup-crew">
      <div className={classes.sectionHead}>
        <h2 id="setup-crew">{t('transport.setup.crew.title')}</h2>
        {dirty && <UnsavedBadge />}
      </div>
      <form onSubmit={handleSubmit} noValidate>
        <div className={classes.crewFields}>
          <TextInput
            label={t('transport.setup.crew.vehicle')}
            description={t('transport.setup.crew.vehicleHint')}
            value={draft.vehicle}
            maxLength={60}
            onChange={(event) => change({ vehicle: event.currentTarget.value })}
          />
          <PersonField
            label={t('transport.setup.crew.driver')}
            person={draft.driver}
            chooseLabel={t('transport.setup.crew.chooseDriver')}
            changeLabel={t('transport.setup.crew.changeDriver')}
            clearLabel={t('transport.setup.crew.clearDriver')}
            searchLabel={t('transport.setup.crew.searchDriver')}
            onChange={(driver) => change({ driver })}
          />
          <PersonField
            label={t('transport.setup.crew.monitor')}
            person={draft.monitor}
            chooseLabel={t('transport.setup.crew.chooseMonitor')}
            changeLabel={t('transport.setup.crew.changeMonitor')}
            clearLabel={t('transport.setup.crew.clearMonitor')}
            searchLabel={t('transport.setup.crew.searchMonitor')}
            onChange={(monitor) => change({ monitor })}
          />
        </div>
        <Group mt="md">
          <Button type="submit" loading={save.isPending}>
            {t('transport.setup.crew.save')}
          </Button>
        </Group>
        <div className={classes.feedback}>
          {sameTwice && <Notice tone="error">{t('transport.setup.errors.driver_is_monitor')}</Notice>}
          {save.isError && <Notice tone="error">{describeSetupError(t, save.error)}</Notice>}
          {done && !dirty && <Notice>{t('transport.setup.crew.saved')}</Notice>}
        </div>
      </form>
    </section>
  );
}
