import { MAX_ROUTE_STOPS, type RouteSetup, type RouteStopsInput } from '@patio/core/schemas/transport-setup';

// The stop list as the administrator edits it before saving: in driving order, each stop with a key
// that survives moves (its id once saved), a name, a place (none yet for a stop just added) and a
// planned time as the time input holds it ('' for none). Saving sends the whole list.

export interface DraftStop {
  /** Stable across moves and renames: `s{id}` for a saved stop, `n{n}` for a new one. */
  key: string;
  id: number | null;
  name: string;
  lat: number | null;
  lng: number | null;
  /** 'HH:MM', or '' for no planned time. */
  time: string;
}

export type StopProblem = 'nameRequired' | 'placeRequired' | 'timeInvalid';
export type StopProblems = Partial<Record<'name' | 'place' | 'time', StopProblem>>;

export type StopsCheck = { ok: true; input: RouteStopsInput } | { ok: false; problems: ReadonlyMap<string, StopProblems>; tooMany: boolean };

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
let nextNewKey = 0;

/** The saved stops as a draft, in driving order. */
export function draftOf(stops: RouteSetup['stops']): DraftStop[] {
  return [...stops]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ key: `s${s.id}`, id: s.id, name: s.name, lat: s.lat, lng: s.lng, time: s.scheduledTime ?? '' }));
}

/** A stop not saved yet, placed where the map was touched or nowhere yet. */
export function newStop(point: { lat: number; lng: number } | null = null): DraftStop {
  nextNewKey += 1;
  return { key: `n${nextNewKey}`, id: null, name: '', lat: point ? roundCoordinate(point.lat) : null, lng: point ? roundCoordinate(point.lng) : null, time: '' };
}

/** Coordinates to six decimals (about 10 cm): what a map click can mean, no more. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Changes one stop's name or time. */
export function editStop(list: readonly DraftStop[], key: string, part: Partial<Pick<DraftStop, 'name' | 'time'>>): DraftStop[] {
  return list.map((stop) => (stop.key === key ? { ...stop, ...part } : stop));
}

/** Puts one stop at a point of the map. */
export function placeStop(list: readonly DraftStop[], key: string, point: { lat: number; lng: number }): DraftStop[] {
  return list.map((stop) => (stop.key === key ? { ...stop, lat: roundCoordinate(point.lat), lng: roundCoordinate(point.lng) } : stop));
}

/** Moves one stop a place earlier (-1) or later (+1) in the driving order; at either end, nothing changes. */
export function moveStop(list: readonly DraftStop[], key: string, by: -1 | 1): DraftStop[] {
  const from = list.findIndex((stop) => stop.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** Leaves one stop out. */
export function removeStop(list: readonly DraftStop[], key: string): DraftStop[] {
  return list.filter((stop) => stop.key !== key);
}

/** Whether two lists would save the same stops in the same order. */
export function isSameStops(a: readonly DraftStop[], b: readonly DraftStop[]): boolean {
  return a.length === b.length && a.every((stop, i) => stop.id === b[i].id && stop.name === b[i].name && stop.lat === b[i].lat && stop.lng === b[i].lng && stop.time === b[i].time);
}

/** What is wrong with one stop before it can be saved. */
export function problemsOf(stop: DraftStop): StopProblems {
  const problems: StopProblems = {};
  if (stop.name.trim() === '') problems.name = 'nameRequired';
  if (stop.lat === null || stop.lng === null) problems.place = 'placeRequired';
  if (stop.time !== '' && !TIME_OF_DAY.test(stop.time)) problems.time = 'timeInvalid';
  return problems;
}

/** The body of PUT …/stops, or what keeps the list from being saved. */
export function checkStops(list: readonly DraftStop[]): StopsCheck {
  const problems = new Map<string, StopProblems>();
  for (const stop of list) {
    const found = problemsOf(stop);
    if (Object.keys(found).length > 0) problems.set(stop.key, found);
  }
  const tooMany = list.length > MAX_ROUTE_STOPS;
  if (problems.size > 0 || tooMany) return { ok: false, problems, tooMany };
  return {
    ok: true,
    input: { stops: list.map((stop) => ({ id: stop.id, name: stop.name.trim(), lat: stop.lat!, lng: stop.lng!, scheduledTime: stop.time === '' ? null : stop.time })) },
  };
}
