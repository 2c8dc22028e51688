import type { FeedEvent } from '@patio/core';
import { occurrenceOf } from '@patio/core/calendar/times';
import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { findClassroomDueDates } from '../classroom/index';
import type { EpochWindow } from './calendar.types';

// The 'classroom' feed (issue 35): the due dates of the tasks of the caller's classroom groups, read
// from the classroom area as they are (who sees which is its rule: the student, their parent-like
// relatives, the group's teachers). A due date is one moment: an item that starts and ends there, with
// no recurrence to expand and no event row; it opens the task in the classroom (`path`).

/** The caller's due dates in the window, as feed items; a relative's say which child they are about. */
export async function classroomFeedItems(db: Database, caller: Caller, window: EpochWindow, timeZone: string, untitled: string): Promise<FeedEvent[]> {
  const from = new Date(window.from * 1000).toISOString();
  const to = new Date(window.to * 1000).toISOString();
  const dueDates = await findClassroomDueDates(db, caller, from, to);
  return dueDates.map((due) => {
    const at = Math.floor(Date.parse(due.dueDate) / 1000);
    const title = due.title || untitled;
    return {
      id: due.postId,
      ...occurrenceOf(at, at, false, timeZone),
      allDay: false,
      title: due.child ? `${title} (${due.child})` : title,
      location: '',
      recurring: false,
      feed: 'classroom',
      post: null,
      path: due.path,
    };
  });
}
