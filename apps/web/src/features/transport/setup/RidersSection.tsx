import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteSetup } from '@patio/core/schemas/transport-setup';
import { Notice } from '../../../ui/Notice';
import { AddRiderForm } from './AddRiderForm';
import { RiderRow } from './RiderRow';
import { UnsavedBadge } from './UnsavedBadge';
import classes from './routeSetup.module.css';
import transportClasses from '../transport.module.css';

export interface RidersSectionProps {
  setup: RouteSetup;
  /** The stop list has changes not saved yet: only saved stops can be given to riders. */
  stopsDirty: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

/** Who rides the route and where each one gets on and off; a student added with the search. */
export function RidersSection({ setup, stopsDirty, onDirtyChange }: RidersSectionProps) {
  const { t } = useTranslation();
  const [dirtyRows, setDirtyRows] = useState<ReadonlySet<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const riders = [...setup.riders].sort((a, b) => a.person.name.localeCompare(b.person.name));
  const dirty = dirtyRows.size > 0 || adding;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const handleRowDirty = useCallback((personId: number, rowDirty: boolean) => {
    setDirtyRows((current) => {
      if (current.has(personId) === rowDirty) return current;
      const next = new Set(current);
      if (rowDirty) next.add(personId);
      else next.delete(personId);
      return next;
    });
  }, []);

  const handleDone = (text: string, removed = false) => {
    setMessage(text);
    // The row the keyboard was on is gone: start again from the section's title.
    if (removed) requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <section className={transportClasses.card} aria-labelledby="setup-riders">
      <div className={classes.sectionHead}>
        <h2 id="setup-riders" ref={headingRef} tabIndex={-1}>
          {t('transport.setup.riders.title')}
        </h2>
        {dirty && <UnsavedBadge />}
      </div>
      <p className={classes.hint}>
        {t('transport.setup.riders.hint')}
        {stopsDirty && <> {t('transport.setup.riders.stopsUnsaved')}</>}
        {riders.some((r) => r.member) && <> {t('transport.setup.riders.memberHint')}</>}
      </p>
      {riders.length === 0 ? (
        <p className={classes.hint}>{t('transport.setup.riders.empty')}</p>
      ) : (
        <ul className={classes.riderList} aria-label={t('transport.setup.riders.list')}>
          {riders.map((rider) => (
            <RiderRow key={rider.person.id} routeId={setup.id} rider={rider} stops={setup.stops} onDirtyChange={handleRowDirty} onDone={handleDone} />
          ))}
        </ul>
      )}
      {message && (
        <div className={classes.feedback}>
          <Notice>{message}</Notice>
        </div>
      )}
      <AddRiderForm setup={setup} onDirtyChange={setAdding} onDone={handleDone} />
    </section>
  );
}
