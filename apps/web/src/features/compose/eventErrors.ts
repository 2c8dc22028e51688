import type { EventDraftErrors } from '../calendar';
import { ApiError } from '../../app/api/ApiError';

/** What the server refused in a post's event: problems beside their fields, and whether something else was wrong with it. */
export interface EventRefusal {
  fields: EventDraftErrors;
  /** A problem of the event no field shows (an unknown repetition, too many occurrences…). */
  other: boolean;
}

interface Detail {
  path?: unknown;
}

const detailsOf = (error: ApiError): Detail[] => {
  const details = (error.body as { details?: unknown } | null)?.details;
  return Array.isArray(details) ? (details as Detail[]) : [];
};

/**
 * Reads a 400 of a save or publish (`details[].path` such as `event.endDate` or
 * `event.recurrence.freq`, or an error code naming the event) as problems of the event part; null
 * when the refusal is not about the event.
 */
export function eventRefusalOf(error: unknown, allDay: boolean): EventRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const paths = detailsOf(error)
    .map((detail) => (typeof detail.path === 'string' ? detail.path : ''))
    .filter((path) => path === 'event' || path.startsWith('event.'));
  const codeIsEvent = /event|recurrence/i.test(error.code ?? '');
  if (paths.length === 0 && !codeIsEvent) return null;
  const fields: EventDraftErrors = {};
  // The server's own checks after reading the event in the school's zone (calendar.values.ts).
  if (error.code === 'invalid_event') return { fields: { [allDay ? 'endDay' : 'endTime']: 'endBeforeStart' }, other: false };
  if (error.code === 'invalid_recurrence') return { fields: { until: 'untilBeforeStart' }, other: false };
  let other = paths.length === 0;
  for (const path of paths) {
    const field = path.split('.').slice(1).join('.');
    if (field === 'startDate' || field === 'dateStart') fields.startDay = 'required';
    else if (field === 'endDate' || field === 'dateEnd') fields[allDay ? 'endDay' : 'endTime'] = 'endBeforeStart';
    else if (field === 'recurrence.interval') fields.interval = 'intervalRange';
    else if (field === 'recurrence.count') fields.count = 'countRange';
    else if (field === 'recurrence.until') fields.until = 'untilBeforeStart';
    else other = true;
  }
  return { fields, other };
}
