import { toMajor, toMinor } from '@patio/core/billing/money';
import type { Activity, ActivityInput } from '@patio/core/schemas/activities';
import { descriptionHtml, descriptionText } from './activityText';

// The administrators' form as typed (strings, possibly empty) and its one way to the API's body: what
// the form can tell before sending (a missing field, an end before its start) it says beside the field;
// the rest (a group or person gone) comes back from the server as a code.

export interface SlotDraft {
  day: string;
  start: string;
  end: string;
}

export interface PeriodDraft {
  label: string;
  dueDate: string | null;
}

export interface ActivityDraft {
  name: string;
  description: string;
  termFrom: string | null;
  termTo: string | null;
  schedule: SlotDraft[];
  place: string;
  places: number | string;
  eligible: string[];
  price: string;
  periods: PeriodDraft[];
  leader: { id: number; name: string } | null;
  route: string;
}

export type DraftProblem = 'required' | 'termOrder' | 'endBeforeStart' | 'badPrice';
/** Problems by field: `name`, `schedule.0`, `periods.1.label`… */
export type DraftErrors = Record<string, DraftProblem>;

export const emptySlot = (): SlotDraft => ({ day: '1', start: '', end: '' });
export const emptyPeriod = (): PeriodDraft => ({ label: '', dueDate: null });

/** The form of a new activity, or of an existing one as the API gave it. */
export function draftOf(activity: Activity | null): ActivityDraft {
  if (!activity) {
    return { name: '', description: '', termFrom: null, termTo: null, schedule: [emptySlot()], place: '', places: '', eligible: [], price: '0', periods: [], leader: null, route: '' };
  }
  return {
    name: activity.name,
    description: descriptionText(activity.description),
    termFrom: activity.termFrom,
    termTo: activity.termTo,
    schedule: activity.schedule.map((slot) => ({ day: String(slot.day), start: slot.start, end: slot.end })),
    place: activity.place,
    places: activity.places,
    eligible: activity.eligible.map((node) => String(node.id)),
    price: String(toMajor(activity.price, activity.currency)),
    periods: activity.periods.map((period) => ({ label: period.label, dueDate: period.dueDate })),
    leader: activity.leader,
    route: activity.route ? String(activity.route.id) : '',
  };
}

/** The body of POST/PUT activities, or the problems to show beside the fields. */
export function inputOf(draft: ActivityDraft, currency: string): { input: ActivityInput; errors: null } | { input: null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const required = (field: string, ok: boolean) => {
    if (!ok) errors[field] = 'required';
  };
  required('name', draft.name.trim() !== '');
  required('termFrom', draft.termFrom !== null);
  required('termTo', draft.termTo !== null);
  if (draft.termFrom && draft.termTo && draft.termTo < draft.termFrom) errors.termTo = 'termOrder';
  draft.schedule.forEach((slot, index) => {
    if (!slot.start || !slot.end) errors[`schedule.${index}`] = 'required';
    else if (slot.end <= slot.start) errors[`schedule.${index}`] = 'endBeforeStart';
  });
  const places = typeof draft.places === 'number' ? draft.places : Number.NaN;
  required('places', Number.isInteger(places) && places >= 1);
  required('eligible', draft.eligible.length > 0);
  const price = toMinor(draft.price.trim() === '' ? '0' : draft.price, currency);
  if (price === null) errors.price = 'badPrice';
  draft.periods.forEach((period, index) => {
    required(`periods.${index}.label`, period.label.trim() !== '');
    required(`periods.${index}.dueDate`, period.dueDate !== null);
  });
  required('leader', draft.leader !== null);
  if (Object.keys(errors).length > 0 || price === null || !draft.leader || !draft.termFrom || !draft.termTo) return { input: null, errors };
  return {
    errors: null,
    input: {
      name: draft.name.trim(),
      description: descriptionHtml(draft.description),
      termFrom: draft.termFrom,
      termTo: draft.termTo,
      schedule: draft.schedule.map((slot) => ({ day: Number(slot.day), start: slot.start, end: slot.end })),
      place: draft.place.trim(),
      places,
      eligibleNodeIds: draft.eligible.map(Number),
      price,
      periods: draft.periods.map((period) => ({ label: period.label.trim(), dueDate: period.dueDate! })),
      leaderId: draft.leader.id,
      routeId: draft.route ? Number(draft.route) : null,
    },
  };
}
