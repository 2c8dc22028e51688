import { formatMeasure, type PushMessage } from '@patio/core';
import { personalNoticeTextsFor } from '@patio/core/i18n/notices';
import { fill } from '@patio/core/i18n/placeholders';
import { activityMailWordsOf, activityNoticeTextOf } from './activity-notice.render';
import { classroomMailWordsOf, classroomNoticeTextOf } from './classroom-notice.render';
import { button, escapeHtml, type NoticeLinks, page, type RenderedMail, settingsLink } from './notice.render';
import { type ActivityNoticeValues, type BusNoticeValues, type ClassroomNoticeValues, isActivityNotice, isClassroomNotice, type NoticeContent } from './personal-notice';

// A personal notice as each channel shows it: a push that opens its page of the app (`url`), an email
// (HTML and text) with a button to that page, an SMS line. Values are plain text (route, stop, task
// and group names): escaped in the HTML. The stored content was checked against its kind when read
// (ZNoticeContent), so the values are the kind's.

/** Distances under a kilometre in metres (rounded to 10 m), else in kilometres with one decimal. */
function distanceOf(meters: number, language: string | null): string {
  return meters < 1000
    ? formatMeasure(Math.max(10, Math.round(meters / 10) * 10), 'meter', language)
    : formatMeasure(meters / 1000, 'kilometer', language, { maximumFractionDigits: 1 });
}

/** The notice's title and one-line body in the recipient's language. */
export function noticeTextOf(notice: NoticeContent, language: string | null): { title: string; body: string } {
  if (isClassroomNotice(notice.kind)) return classroomNoticeTextOf(notice.kind, notice.values as ClassroomNoticeValues, language);
  if (isActivityNotice(notice.kind)) return activityNoticeTextOf(notice.values as ActivityNoticeValues, language);
  const t = personalNoticeTextsFor(language);
  const { route, stop, minutes, meters } = notice.values as BusNoticeValues;
  const values = {
    route,
    stop: stop ?? t.yourStop,
    minutes: formatMeasure(Math.max(1, Math.round(minutes ?? 0)), 'minute', language),
    distance: distanceOf(meters ?? 0, language),
  };
  if (notice.kind === 'bus_approaching') {
    return { title: fill(t.approachingTitle, values), body: fill(minutes !== null && minutes > 1 ? t.approachingBody : t.approachingNow, values) };
  }
  return { title: fill(t.delayedTitle, values), body: fill(stop ? t.delayedBodyAt : t.delayedBody, values) };
}

export function noticeLink(links: NoticeLinks, notice: NoticeContent): string {
  return `${links.base}${notice.path}`;
}

export function noticePushOf(notice: NoticeContent, school: string, language: string | null): PushMessage {
  const { title, body } = noticeTextOf(notice, language);
  return { title, body, payload: JSON.stringify({ type: notice.kind, school, ...notice.data }), url: notice.path };
}

export function noticeSmsOf(notice: NoticeContent, school: string, language: string | null, links: NoticeLinks): string {
  const { title, body } = noticeTextOf(notice, language);
  const head = `${school}: ${title}. ${body}`;
  const link = noticeLink(links, notice);
  const room = 300 - link.length - 1;
  return `${head.length > room ? `${head.slice(0, room - 1)}…` : head} ${link}`;
}

/** The mail's button label and footer for the notice's kind. */
function mailWordsOf(notice: NoticeContent, school: string, language: string | null, links: NoticeLinks): { button: string; footer: string } {
  if (isClassroomNotice(notice.kind)) return classroomMailWordsOf(notice.values as ClassroomNoticeValues, language, school, settingsLink(links));
  if (isActivityNotice(notice.kind)) return activityMailWordsOf(notice.values as ActivityNoticeValues, language, school, settingsLink(links));
  const t = personalNoticeTextsFor(language);
  return { button: t.openMap, footer: fill(notice.kind === 'bus_approaching' ? t.approachingFooter : t.delayedFooter, { school, link: settingsLink(links) }) };
}

export function noticeMailOf(notice: NoticeContent, school: string, language: string | null, links: NoticeLinks): RenderedMail {
  const { title, body } = noticeTextOf(notice, language);
  const link = noticeLink(links, notice);
  const words = mailWordsOf(notice, school, language, links);
  const footer = words.footer;
  return {
    subject: `${school}: ${title}`,
    text: [title, '', body, '', `${words.button}: ${link}`, '', '--', footer].join('\n'),
    html: page(
      `<h2 style="margin:0 0 12px;font-size:20px">${escapeHtml(title)}</h2><p>${escapeHtml(body)}</p><p>${button(link, words.button)}</p>`,
      escapeHtml(footer),
      language,
    ),
  };
}
