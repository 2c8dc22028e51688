import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { LatLngTuple } from 'leaflet';
import { MAX_ROUTE_STOPS, type RouteSetup } from '@patio/core/schemas/transport-setup';
import { Notice } from '../../../ui/Notice';
import type { MapTiles } from '../map/mapTiles';
import { LazySetupMap } from './LazySetupMap';
import { describeSetupError } from './setupErrors';
import { StopRow } from './StopRow';
import { checkStops, draftOf, editStop, isSameStops, moveStop, newStop, placeStop, removeStop, type DraftStop, type StopProblems } from './stopsDraft';
import { UnsavedBadge } from './UnsavedBadge';
import { useSaveStops } from './useRouteSetup';
import classes from './routeSetup.module.css';
import transportClasses from '../transport.module.css';

export interface StopsSectionProps {
  setup: RouteSetup;
  tiles: MapTiles;
  onDirtyChange: (dirty: boolean) => void;
}

type FocusTarget = { key: string; on: 'name' | 'up' | 'down' } | { key: null; on: 'add' };

/**
 * The route's stops in driving order, edited as a whole and saved as a whole (PUT …/stops): names,
 * planned times and places on the map; stops added, moved and removed. Read-only while a run is on.
 */
export function StopsSection({ setup, tiles, onDirtyChange }: StopsSectionProps) {
  const { t } = useTranslation();
  const save = useSaveStops(setup.id);
  const listId = useId();
  const [draft, setDraft] = useState<DraftStop[]>(() => draftOf(setup.stops));
  const [selected, setSelected] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [done, setDone] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Where the keyboard goes once the change it follows is drawn.
  const focusTarget = useRef<FocusTarget | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const mapRef = useRef<HTMLDivElement>(null);
  // The map frames the saved stops when it opens; placing stops never moves the view under the pointer.
  const [frame] = useState<LatLngTuple[]>(() => setup.stops.map((s): LatLngTuple => [s.lat, s.lng]));

  const saved = useMemo(() => draftOf(setup.stops), [setup.stops]);
  const dirty = !isSameStops(draft, saved);
  const disabled = setup.running;
  const ridersAt = useMemo(() => new Map(setup.stops.map((s) => [s.id, s.riders])), [setup.stops]);
  const check = useMemo(() => checkStops(draft), [draft]);
  const problems: ReadonlyMap<string, StopProblems> = attempted && !check.ok ? check.problems : new Map();
  const isFull = draft.length >= MAX_ROUTE_STOPS;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // Moving or removing a stop re-renders the list: the keyboard stays on the same stop, or the next thing.
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    if (target.key === null) {
      addRef.current?.focus();
      return;
    }
    const row = listRef.current?.querySelector<HTMLElement>(`[data-stop="${target.key}"]`);
    if (target.on === 'name') {
      row?.querySelector<HTMLInputElement>('input[data-stop-name]')?.focus();
      return;
    }
    const wanted = row?.querySelector<HTMLButtonElement>(`button[data-move="${target.on}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`button[data-move="${target.on === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  });

  const nameOf = (stop: DraftStop, number: number) => stop.name.trim() || t('transport.setup.stops.stop', { number });
  const numberOf = (key: string, list: readonly DraftStop[] = draft) => list.findIndex((s) => s.key === key) + 1;
  const selectedStop = draft.find((s) => s.key === selected) ?? null;

  const change = (next: DraftStop[], said = '') => {
    setDraft(next);
    setDone(false);
    save.reset();
    setAnnouncement(said);
  };

  const handleMove = (key: string, by: -1 | 1) => {
    const next = moveStop(draft, key, by);
    const stop = next.find((s) => s.key === key)!;
    const number = numberOf(key, next);
    change(next, t('transport.setup.stops.moved', { name: nameOf(stop, number), number, total: next.length }));
    focusTarget.current = { key, on: by < 0 ? 'up' : 'down' };
  };

  const handleRemove = (key: string) => {
    const index = draft.findIndex((s) => s.key === key);
    const next = removeStop(draft, key);
    change(next, t('transport.setup.stops.removed', { name: nameOf(draft[index], index + 1) }));
    if (selected === key) setSelected(null);
    const after = next[Math.min(index, next.length - 1)];
    focusTarget.current = after ? { key: after.key, on: 'name' } : { key: null, on: 'add' };
  };

  const handleSelect = (key: string) => {
    const choosing = selected !== key;
    setSelected(choosing ? key : null);
    if (choosing) mapRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };

  const addStop = (point: { lat: number; lng: number } | null) => {
    const stop = newStop(point);
    const next = [...draft, stop];
    change(next, t('transport.setup.stops.added', { number: next.length }));
    // A stop added from the button is placed by the next touch of the map.
    setSelected(point ? null : stop.key);
    focusTarget.current = { key: stop.key, on: 'name' };
  };

  const handlePick = (point: { lat: number; lng: number }) => {
    if (disabled) return;
    if (selectedStop) {
      change(placeStop(draft, selectedStop.key, point));
      setSelected(null);
    } else if (!isFull) {
      addStop(point);
    }
  };

  const handleSave = () => {
    setAttempted(true);
    if (!check.ok) {
      const first = draft.find((s) => check.problems.has(s.key));
      // The first stop to fix, where the keyboard is (nothing moves: the fields are there already).
      if (first) listRef.current?.querySelector<HTMLInputElement>(`[data-stop="${first.key}"] input[data-stop-name]`)?.focus();
      return;
    }
    save.mutate(check.input, {
      onSuccess: (answer) => {
        setDraft(draftOf(answer.stops));
        setSelected(null);
        setAttempted(false);
        setDone(true);
      },
    });
  };

  const handleDiscard = () => {
    change(saved);
    setSelected(null);
    setAttempted(false);
  };

  const mapStops = draft.flatMap((stop, index) =>
    stop.lat !== null && stop.lng !== null
      ? [{ key: stop.key, number: index + 1, label: t('transport.setup.stops.marker', { number: index + 1, name: nameOf(stop, index + 1) }), lat: stop.lat, lng: stop.lng, isSelected: stop.key === selected }]
      : [],
  );
  const selectedName = selectedStop ? nameOf(selectedStop, numberOf(selectedStop.key)) : '';

  return (
    <section className={transportClasses.card} aria-labelledby="setup-stops">
      <div className={classes.sectionHead}>
        <h2 id="setup-stops">{t('transport.setup.stops.title')}</h2>
        {dirty && <UnsavedBadge />}
      </div>
      {disabled ? (
        <Notice>{t('transport.setup.stops.running')}</Notice>
      ) : (
        <p className={classes.hint}>
          {t('transport.setup.stops.hint')}
          {setup.stops.some((s) => s.riders > 0) && <> {t('transport.setup.stops.inUse')}</>}
        </p>
      )}
      <div className={classes.stopsLayout}>
        <div ref={mapRef} className={classes.mapColumn}>
          {!disabled && (
            <div className={classes.placingLine}>
              <span>{selectedStop ? t('transport.setup.stops.placing', { name: selectedName }) : t('transport.setup.stops.placingNew')}</span>
              {selectedStop && (
                <Button size="compact-sm" variant="subtle" onClick={() => setSelected(null)}>
                  {t('transport.setup.stops.stopPlacing')}
                </Button>
              )}
            </div>
          )}
          <LazySetupMap
            label={t('transport.setup.stops.map', { name: setup.name })}
            textAlternativeId={listId}
            tiles={tiles}
            stops={mapStops}
            frame={frame}
            centreLabel={selectedStop ? t('transport.setup.stops.placeAtCentre', { name: selectedName }) : t('transport.setup.stops.addAtCentre')}
            disabled={disabled}
            onPick={handlePick}
            onSelect={handleSelect}
            onDrag={(key, point) => change(placeStop(draft, key, point))}
          />
        </div>
        <div className={classes.listColumn}>
          {draft.length === 0 && <p className={classes.hint}>{t('transport.setup.stops.empty')}</p>}
          <ol ref={listRef} id={listId} className={classes.stopList} aria-label={t('transport.setup.stops.list')}>
            {draft.map((stop, index) => (
              <StopRow
                key={stop.key}
                stop={stop}
                number={index + 1}
                total={draft.length}
                riders={stop.id === null ? 0 : (ridersAt.get(stop.id) ?? 0)}
                problems={problems.get(stop.key) ?? null}
                isSelected={stop.key === selected}
                disabled={disabled}
                onEdit={(key, part) => change(editStop(draft, key, part))}
                onMove={handleMove}
                onRemove={handleRemove}
                onSelect={handleSelect}
              />
            ))}
          </ol>
          <Button ref={addRef} variant="light" leftSection={<IconPlus size={18} aria-hidden="true" />} disabled={disabled || isFull} onClick={() => addStop(null)}>
            {t('transport.setup.stops.add')}
          </Button>
          {isFull && <p className={classes.hint}>{t('transport.setup.stops.errors.tooMany', { max: MAX_ROUTE_STOPS })}</p>}
        </div>
      </div>
      <Group mt="md">
        <Button onClick={handleSave} loading={save.isPending} disabled={disabled}>
          {t('transport.setup.stops.save')}
        </Button>
        {dirty && !disabled && (
          <Button variant="default" onClick={handleDiscard}>
            {t('transport.setup.stops.discard')}
          </Button>
        )}
      </Group>
      <div className={classes.feedback}>
        {attempted && !check.ok && <Notice tone="error">{check.tooMany ? t('transport.setup.stops.errors.tooMany', { max: MAX_ROUTE_STOPS }) : t('transport.setup.stops.errors.check')}</Notice>}
        {save.isError && <Notice tone="error">{describeSetupError(t, save.error)}</Notice>}
        {done && !dirty && <Notice>{t('transport.setup.stops.saved')}</Notice>}
      </div>
      <p className={classes.visuallyHidden} aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
