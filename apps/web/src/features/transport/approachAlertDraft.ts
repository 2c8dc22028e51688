import { ALERT_METERS, ALERT_MINUTES, type ApproachAlert, type RouteStop } from '@patio/core/schemas/transport';

// The "approaching" alert form (issue 13): which stop, and a distance or a time before it, or off.

export type AlertMode = 'distance' | 'time' | 'off';

export interface AlertDraft {
  stopId: number | null;
  mode: AlertMode;
  /** What the person typed: metres for a distance, minutes for a time. */
  value: string;
}

export type AlertDraftError = 'stopRequired' | 'valueRequired' | 'notWhole' | 'metersRange' | 'minutesRange';

/** What a new alert suggests: 500 m or 5 minutes before the stop. */
export const SUGGESTED = { distance: '500', time: '5' } as const;

/** The form's starting point: the saved alert, else the family's own stop and no alert. */
export function draftOf(alert: ApproachAlert | null, stops: readonly Pick<RouteStop, 'id' | 'mine'>[]): AlertDraft {
  const fallbackStop = stops.find((s) => s.mine)?.id ?? stops[0]?.id ?? null;
  if (!alert) return { stopId: fallbackStop, mode: 'off', value: '' };
  const stopId = stops.some((s) => s.id === alert.stopId) ? alert.stopId : fallbackStop;
  if (alert.meters !== null) return { stopId, mode: 'distance', value: String(alert.meters) };
  if (alert.minutes !== null) return { stopId, mode: 'time', value: String(alert.minutes) };
  return { stopId, mode: 'off', value: '' };
}

export type AlertDraftCheck = { ok: true; alert: ApproachAlert } | { ok: false; field: 'stop' | 'value'; error: AlertDraftError };

/** Checks a draft against ZApproachAlert's limits (ALERT_METERS, ALERT_MINUTES) and builds the PUT body. */
export function checkAlertDraft(draft: AlertDraft): AlertDraftCheck {
  if (draft.stopId === null) return { ok: false, field: 'stop', error: 'stopRequired' };
  if (draft.mode === 'off') return { ok: true, alert: { stopId: draft.stopId, meters: null, minutes: null } };
  const text = draft.value.trim();
  if (text === '') return { ok: false, field: 'value', error: 'valueRequired' };
  if (!/^\d+$/.test(text)) return { ok: false, field: 'value', error: 'notWhole' };
  const value = Number(text);
  if (draft.mode === 'distance') {
    if (value < ALERT_METERS.min || value > ALERT_METERS.max) return { ok: false, field: 'value', error: 'metersRange' };
    return { ok: true, alert: { stopId: draft.stopId, meters: value, minutes: null } };
  }
  if (value < ALERT_MINUTES.min || value > ALERT_MINUTES.max) return { ok: false, field: 'value', error: 'minutesRange' };
  return { ok: true, alert: { stopId: draft.stopId, meters: null, minutes: value } };
}
