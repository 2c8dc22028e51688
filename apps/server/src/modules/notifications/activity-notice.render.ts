import { formatDateTime } from '@patio/core';
import { activityNoticeTextsFor } from '@patio/core/i18n/activityNotices';
import { fill } from '@patio/core/i18n/placeholders';
import type { ActivityNoticeValues } from './personal-notice';

// What an activity notice says (issue 37): a freed place offered to the family of the first child
// waiting, with the moment the offer lapses in the school's zone, in the recipient's language.

/** The offer's end as the recipient reads it ('10 dic 2026, 3:15 p. m.'). */
function untilOf(values: ActivityNoticeValues, language: string | null): string {
  const at = new Date(values.expiresAt).toISOString();
  try {
    return formatDateTime(at, language, { timeZone: values.timeZone, dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    // A zone the runtime no longer knows: the moment in UTC rather than no notice.
    return formatDateTime(at, language, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
  }
}

/** The notice's title and one-line body. */
export function activityNoticeTextOf(values: ActivityNoticeValues, language: string | null): { title: string; body: string } {
  const t = activityNoticeTextsFor(language);
  const words = { activity: values.activity, student: values.student, until: untilOf(values, language) };
  return { title: fill(t.offeredTitle, words), body: fill(t.offeredBody, words) };
}

/** The mail's button and footer. */
export function activityMailWordsOf(values: ActivityNoticeValues, language: string | null, school: string, settingsLink: string): { button: string; footer: string } {
  const t = activityNoticeTextsFor(language);
  return { button: t.confirmPlace, footer: fill(t.footer, { activity: values.activity, student: values.student, school, link: settingsLink }) };
}
