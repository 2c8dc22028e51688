import { formatDateTime } from '@patio/core';
import { classroomNoticeTextsFor } from '@patio/core/i18n/classroomNotices';
import { noticeTextsFor } from '@patio/core/i18n/notices';
import { fill } from '@patio/core/i18n/placeholders';
import { brandedMailHtml, type MailBrand } from '../../platform/mail/mail-branding';
import type { ReportChild, ReportTask } from './classroom.summary.report';
import { taskPath } from './classroom.paths';
import { plainTitle } from './classroom.text';

// The weekly guardian summary as a mail (issue 35): the school's branded header over the text, in the
// reader's language; each child, each group, the missing work and the work due soon with a link to
// each task. Titles are one line of plain text (plainTitle); the HTML part escapes all of it.

/** Lines listed per group and list; the rest is counted ("… and 3 more"). */
export const MAX_LINES = 10;

export interface SummaryMailInput {
  readerName: string;
  /** The reader's language, else the school's. */
  language: string;
  timeZone: string;
  brand: MailBrand;
  /** Where links point (PUBLIC_URL). */
  origin: string;
  children: ReportChild[];
}

function dueOf(iso: string, language: string, timeZone: string): string {
  try {
    return formatDateTime(iso, language, { timeZone, dateStyle: 'medium' });
  } catch {
    return formatDateTime(iso, language, { timeZone: 'UTC', dateStyle: 'medium' });
  }
}

/** Subject, text and branded HTML of one summary. */
export function summaryMailOf(input: SummaryMailInput): { subject: string; text: string; html: string } {
  const t = classroomNoticeTextsFor(input.language);
  const untitled = noticeTextsFor(input.language).untitled;
  const lines = (childId: number, groupId: number, tasks: ReportTask[], line: string) => {
    const shown = tasks.slice(0, MAX_LINES).map((task) => {
      const title = plainTitle(task.title) || untitled;
      const text = fill(line, { title, due: dueOf(task.dueDate, input.language, input.timeZone) });
      return `${text}${task.turnedIn ? ` ${t.summaryTurnedIn}` : ''}\n  ${input.origin}${taskPath(childId, groupId, task.postId)}`;
    });
    if (tasks.length > MAX_LINES) shown.push(fill(t.summaryMore, { count: tasks.length - MAX_LINES }));
    return shown.join('\n');
  };
  const blocks = input.children.flatMap((child) =>
    child.groups.map((group) => {
      const parts = [`${plainTitle(child.name)} — ${plainTitle(group.name)}`];
      if (group.missing.length > 0) parts.push(`${t.summaryMissing}\n${lines(child.id, group.id, group.missing, t.summaryMissingLine)}`);
      if (group.upcoming.length > 0) parts.push(`${t.summaryUpcoming}\n${lines(child.id, group.id, group.upcoming, t.summaryUpcomingLine)}`);
      return parts.join('\n');
    }),
  );
  const school = plainTitle(input.brand.title);
  const footer = fill(t.summaryFooter, { school, link: `${input.origin}/settings/notifications` });
  const text = [fill(t.summaryIntro, { name: plainTitle(input.readerName) }), ...blocks, '--', footer].join('\n\n');
  return { subject: fill(t.summarySubject, { school }), text, html: brandedMailHtml(input.brand, text, input.language) };
}
