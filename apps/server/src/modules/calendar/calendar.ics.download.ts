import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { renderIcs } from './calendar.ics';
import { untitledFor } from './calendar.title';
import { loadEventRecord } from './calendar.window';

// "Add to my calendar" (issue 11 §3): one event as an .ics file, with its repetition, that the
// reader's calendar app imports. The policy has checked that the caller sees the event.

/** A file name from a title: no path separators or control characters, at most 80 characters. */
function fileNameOf(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  const safe = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80).trim();
  return `${safe || 'event'}.ics`;
}

/** GET calendar/events/{id}/ics. */
export async function downloadEventIcs(ctx: RequestContext, eventId: number): Promise<{ fileName: string; body: string }> {
  const caller = requireCaller(ctx);
  const event = await loadEventRecord(ctx.db, ctx.org.id, eventId);
  if (!event) throw notFound('There is no such event, or it is not on a calendar you see');
  const untitled = await untitledFor(ctx.db, caller);
  const body = renderIcs([event], { orgCode: ctx.org.code, webOrigin: ctx.origin, untitled, now: new Date() });
  return { fileName: fileNameOf(event.title.trim() === '' ? untitled : event.title), body };
}
