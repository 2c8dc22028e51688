import type { FeedEvent } from '@patio/core';
import { occurrenceOf } from '@patio/core/calendar/times';
import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { type ClassroomDueDate, findClassroomDueDates } from '../classroom/index';
import { switchedOffFeeds } from './calendar.feeds';
import type { IcsDueDate } from './calendar.ics';
import type { EpochWindow } from './calendar.types';

// The 'classroom' feed (issue 35): the due dates of the tasks of the caller's classroom groups, read
// from the classroom area as they are (who sees which is its rule: the student, their parent-like
// relatives, the group's teachers). A due date is one moment: an item that starts and ends there, with
// no recurrence to expand and no event row; it opens the task in the classroom (`path`). The private
// ICS subscription carries the same items (calendar.ics.ts writes them).

function dueDatesIn(db: Database, caller: Caller, window: EpochWindow): Promise<ClassroomDueDate[]> {
  return findClassroomDueDates(db, caller, new Date(window.from * 1000).toISOString(), new Date(window.to * 1000).toISOString());
}

const epochOf = (due: ClassroomDueDate) => Math.floor(Date.parse(due.dueDate) / 1000);

/** The item's title: the task's (or the default), with the child's first name for a relative. */
function titleOf(due: ClassroomDueDate, untitled: string): string {
  const title = due.title || untitled;
  return due.child ? `${title} (${due.child})` : title;
}

/** The caller's due dates in the window, as feed items; a relative's say which child they are about. */
export async function classroomFeedItems(db: Database, caller: Caller, window: EpochWindow, timeZone: string, untitled: string): Promise<FeedEvent[]> {
  const dueDates = await dueDatesIn(db, caller, window);
  return dueDates.map((due) => {
    const at = epochOf(due);
    return {
      id: due.postId,
      ...occurrenceOf(at, at, false, timeZone),
      allDay: false,
      title: titleOf(due, untitled),
      location: '',
      recurring: false,
      feed: 'classroom',
      post: null,
      path: due.path,
    };
  });
}

/**
 * The same due dates for the person's private subscription (decision 015), titled as the feed titles
 * them; none when the person switched the 'classroom' feed off, as their calendar screen shows none.
 */
export async function classroomIcsDueDates(db: Database, person: Caller, window: EpochWindow, timeZone: string, untitled: string): Promise<IcsDueDate[]> {
  if ((await switchedOffFeeds(db, person.orgId, person.id)).some((f) => f.kind === 'classroom')) return [];
  const dueDates = await dueDatesIn(db, person, window);
  return dueDates.map((due) => ({
    postId: due.postId,
    studentId: due.studentId,
    title: titleOf(due, untitled),
    at: epochOf(due),
    timeZone,
    path: due.path,
    updatedAt: due.updatedAt,
  }));
}
