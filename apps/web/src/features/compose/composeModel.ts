import type { EventInput, PostEvent } from '@patio/core/schemas/calendar';
import type { PostInput, PostTypeKey } from '@patio/core/schemas/posts';

/** A new post with the defaults of the issue: highlight off, notifications on, replies to the author. */
export function emptyPost(type: PostTypeKey = 'message'): PostInput {
  return {
    type,
    title: '',
    description: '',
    audience: { people: [], rules: null, relatives: false },
    settings: { highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false },
    quotes: [],
    publishDate: null,
    expirationDate: null,
    event: null,
  };
}

/** A saved draft's event (ZPostEvent) as a post sends it again (ZEventInput, which refuses the answer-only fields). */
export function eventInputOf(event: PostEvent | null): EventInput | null {
  if (!event) return null;
  const { title, secondary, location, startDate, endDate, allDay, recurrence, rsvp } = event;
  return { title, secondary, location, startDate, endDate, allDay, recurrence, rsvp };
}

/** Spec §5: a post needs at least one recipient, a person or a rule. */
export function hasRecipients(post: PostInput): boolean {
  return post.audience.people.length > 0 || post.audience.rules !== null;
}

/** A publish date in the future schedules the post instead of sending it now. */
export function isScheduled(post: PostInput, now: number): boolean {
  return post.publishDate !== null && Date.parse(post.publishDate) > now;
}

export type DateProblem = 'publishInPast' | 'expiresBeforePublish' | null;

/** What is wrong with the dates, if anything (a past publish date would silently mean "now"). */
export function dateProblemOf(post: PostInput, now: number): DateProblem {
  const publish = post.publishDate ? Date.parse(post.publishDate) : now;
  if (post.publishDate && publish < now - 60_000) return 'publishInPast';
  if (post.expirationDate && Date.parse(post.expirationDate) <= publish) return 'expiresBeforePublish';
  return null;
}


const SUBJECT_WORDS = 8;
const SUBJECT_CHARS = 80;

/** Issue 33 item 2: a subject from the first words of the body (HTML), or '' when it has no text. */
export function subjectFromBody(html: string): string {
  // Paragraphs and line breaks end words: "<p>uno</p><p>dos</p>" reads "uno dos", not "unodos".
  const spaced = html.replace(/<\/(?:p|div|li|h[1-6]|blockquote|pre|td|th)>|<br\s*\/?>/gi, '$& ');
  const text = (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  let subject = '';
  for (const word of text.split(' ').slice(0, SUBJECT_WORDS)) {
    const next = subject ? `${subject} ${word}` : word;
    if (next.length > SUBJECT_CHARS) break;
    subject = next;
  }
  // A single word longer than the limit is cut rather than lost.
  return subject || text.slice(0, SUBJECT_CHARS);
}
