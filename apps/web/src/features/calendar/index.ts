// What other features use of the calendar: the event fields (compose writes a post's event with
// them), the school's zone they are read in, and the event panel of a post card.
export { EventFields, type EventFieldsProps } from './EventFields';
export {
  emptyEventDraft,
  eventDraftFromEvent,
  eventDraftProblems,
  eventDraftToInput,
  isEventDraftValid,
  moveEventStart,
  type EventDraft,
  type EventDraftErrors,
  type EventDraftField,
  type EventDraftProblem,
  type EventLike,
} from './eventDraft';
export { SCHOOL_TIME_ZONE_KEY, schoolTimeZoneQuery, useSchoolTimeZone } from './useSchoolTimeZone';
export { PostEventPanel, type PostEventPanelProps } from './PostEventPanel';
