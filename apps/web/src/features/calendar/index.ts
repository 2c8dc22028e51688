// What other features use of the calendar: the event fields (compose writes a post's event with
// them) and the event panel of a post card. The school's zone is the app's (app/schoolTimeZone.ts).
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
export { PostEventPanel, type PostEventPanelProps } from './PostEventPanel';
