import { formatDateTime, formatNumber } from '@patio/core';
import { classroomNoticeTextsFor } from '@patio/core/i18n/classroomNotices';
import { fill } from '@patio/core/i18n/placeholders';
import type { ClassroomNoticeKind, ClassroomNoticeValues } from './personal-notice';

// What a classroom notice says (issue 35): work returned (with the grade when there is one) and a task
// due soon, in the recipient's language; the due date in the school's zone, as the group reads it.

/** The due date as the recipient reads it ('9 dic 2026, 11:59 p. m.'), or '' when there is none or it does not parse. */
function dueOf(values: ClassroomNoticeValues, language: string | null): string {
  if (values.dueDate === null || Number.isNaN(Date.parse(values.dueDate))) return '';
  try {
    return formatDateTime(values.dueDate, language, { timeZone: values.timeZone, dateStyle: 'medium' });
  } catch {
    // A zone the runtime no longer knows: the date in UTC rather than no notice.
    return formatDateTime(values.dueDate, language, { timeZone: 'UTC', dateStyle: 'medium' });
  }
}

/** The notice's title and one-line body. */
export function classroomNoticeTextOf(kind: ClassroomNoticeKind, values: ClassroomNoticeValues, language: string | null): { title: string; body: string } {
  const t = classroomNoticeTextsFor(language);
  const title = values.title;
  if (kind === 'classroom_returned') {
    const graded = values.grade !== null && values.points !== null;
    const body = graded
      ? fill(t.returnedBodyGraded, { group: values.group, grade: formatNumber(values.grade!, language, { maximumFractionDigits: 2 }), points: formatNumber(values.points!, language) })
      : fill(t.returnedBody, { group: values.group });
    return { title: fill(t.returnedTitle, { title }), body };
  }
  return { title: fill(t.dueSoonTitle, { title }), body: fill(t.dueSoonBody, { group: values.group, due: dueOf(values, language) }) };
}

/** The mail's button and footer. */
export function classroomMailWordsOf(values: ClassroomNoticeValues, language: string | null, school: string, settingsLink: string): { button: string; footer: string } {
  const t = classroomNoticeTextsFor(language);
  return { button: t.openTask, footer: fill(t.footer, { group: values.group, school, link: settingsLink }) };
}
