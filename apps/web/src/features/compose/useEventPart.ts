import { useCallback, useState } from 'react';
import type { EventInput } from '@patio/core/schemas/calendar';
import type { PostInput } from '@patio/core/schemas/posts';
import { emptyEventDraft, eventDraftFromEvent, eventDraftProblems, eventDraftToInput, isEventDraftValid, type EventDraft, type EventDraftErrors } from '../calendar';
import { eventRefusalOf } from './eventErrors';

export interface EventPart {
  isOn: boolean;
  draft: EventDraft;
  /** Problems beside the fields: the form's own, then what the server refused of the last send. */
  errors: EventDraftErrors;
  /** The server refused something of the event that no field shows. */
  isRefusedOtherwise: boolean;
  setOn(on: boolean): void;
  change(draft: EventDraft): void;
  /** Whether the post may go out as far as its event is concerned. */
  isSendable(): boolean;
}

/**
 * The event a post carries (issue 11): off unless the post had one (choosing the type 'event' turns it
 * on, see ComposeEditor). The post's `event` follows the fields as long as they make a whole event, so
 * an autosave never sends one the server would refuse; turning the part off sends `event: null`.
 */
export function useEventPart(initial: PostInput, timeZone: string, update: (change: (p: PostInput) => PostInput) => void, failure: unknown): EventPart {
  const [isOn, setIsOn] = useState(initial.event !== null);
  const [draft, setDraft] = useState<EventDraft>(() => (initial.event ? eventDraftFromEvent(initial.event, timeZone) : emptyEventDraft(Date.now(), timeZone)));
  // A refusal stays beside the fields until the person changes the event.
  const [dismissed, setDismissed] = useState<unknown>(null);

  const write = useCallback(
    (on: boolean, next: EventDraft) => {
      const event: EventInput | null = on && isEventDraftValid(next) ? eventDraftToInput(next, timeZone) : null;
      update((p) => ({ ...p, event: on ? (event ?? p.event) : null }));
    },
    [timeZone, update],
  );

  const setOn = useCallback(
    (on: boolean) => {
      setIsOn(on);
      setDismissed(failure);
      write(on, draft);
    },
    [draft, failure, write],
  );

  const change = useCallback(
    (next: EventDraft) => {
      setDraft(next);
      setDismissed(failure);
      write(true, next);
    },
    [failure, write],
  );

  const refusal = failure !== null && failure !== dismissed ? eventRefusalOf(failure, draft.allDay) : null;
  const errors = isOn ? { ...refusal?.fields, ...eventDraftProblems(draft) } : {};
  return {
    isOn,
    draft,
    errors,
    isRefusedOtherwise: isOn && refusal?.other === true,
    setOn,
    change,
    isSendable: () => !isOn || isEventDraftValid(draft),
  };
}
