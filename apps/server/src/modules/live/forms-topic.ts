import type { EventBus } from '../../platform/events/event-bus';
import { threadsTopic } from './threads-topic';

// "Someone answered your form": its owner's open results refetch (issue 10 §4, live results). It
// rides on the school's one live topic, beside the threads events, so each process keeps a single
// bus subscription per school; `type` tells the two kinds apart.

export interface FormAnswered {
  type: 'form.answered';
  personIds: number[];
  formId: number;
}

/** Tells the live connections of `personId` (the form's owner) that the form got an answer. Never throws: live updates are best effort. */
export async function announceFormAnswered(events: EventBus, orgId: number, personId: number, formId: number): Promise<void> {
  const event: FormAnswered = { type: 'form.answered', personIds: [personId], formId };
  await events.publish(threadsTopic(orgId), event).catch(() => undefined);
}
