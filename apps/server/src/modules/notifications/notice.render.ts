import type { PushMessage } from '@patio/core';
import { noticeLanguageOf, noticeTextsFor } from '@patio/core/i18n/notices';
import { fill } from '@patio/core/i18n/placeholders';
import type { NoticePost } from './deliveries.queries';
import { type ImageAddressMapper, withProxiedImages } from '../proxy/index';

// One post as each channel shows it: the push message of spec §3 Notification, an email (HTML and
// text) with links to its thread and form, an SMS line. The description is stored sanitised
// (sanitizePostHtml), so it goes into the email's HTML as it is.

/** Where the web app lives, for links: PUBLIC_URL, else this server's own address. */
export interface NoticeLinks {
  base: string;
  /** Where a mail shows a description's pictures from (absolute; other sites' through /proxy/); unset, as written. */
  images?: ImageAddressMapper;
}

export function threadLink(links: NoticeLinks, threadId: number): string {
  return `${links.base}/threads/feed/${threadId}`;
}

export function settingsLink(links: NoticeLinks): string {
  return `${links.base}/settings/notifications`;
}

function titleOf(post: Pick<NoticePost, 'title'>, language: string | null): string {
  return post.title.trim() || noticeTextsFor(language).untitled;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function pushMessageOf(post: NoticePost, excerpt: string, school: string, language: string | null): PushMessage {
  const urgent = post.type === 'urgent_notice';
  const title = titleOf(post, language);
  return {
    title: urgent ? `${noticeTextsFor(language).urgent}: ${title}` : title,
    body: excerpt || school,
    payload: JSON.stringify({ type: post.type, school, postId: post.id, threadId: post.threadId }),
    post: { id: post.id, thread: post.threadId },
  };
}

export function smsTextOf(post: NoticePost, school: string, language: string | null, links: NoticeLinks): string {
  const t = noticeTextsFor(language);
  const head = `${school}: ${post.type === 'urgent_notice' ? `${t.urgent}: ` : ''}${titleOf(post, language)}`;
  const link = threadLink(links, post.threadId);
  const room = 300 - link.length - 1;
  return `${head.length > room ? `${head.slice(0, room - 1)}…` : head} ${link}`;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function formLink(links: NoticeLinks, post: NoticePost): string | null {
  return post.formId === null ? null : `${threadLink(links, post.threadId)}#form-${post.formId}`;
}

/** An email's link drawn as a button. */
export function button(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;margin:8px 8px 0 0;padding:10px 16px;background:#1C6E93;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a>`;
}

function postSection(post: NoticePost, excerpt: string, language: string | null, links: NoticeLinks) {
  const t = noticeTextsFor(language);
  const title = titleOf(post, language);
  const thread = threadLink(links, post.threadId);
  const form = formLink(links, post);
  const text = [title, '', excerpt, '', `${t.openThread}: ${thread}`, ...(form ? [`${t.answerForm}: ${form}`] : [])].join('\n');
  const html =
    `<h2 style="margin:0 0 12px;font-size:20px">${escapeHtml(title)}</h2>` +
    `<div>${links.images ? withProxiedImages(post.description, links.images) : post.description}</div>` +
    `<p>${button(thread, t.openThread)}${form ? button(form, t.answerForm) : ''}</p>`;
  return { text, html };
}

/** An email's HTML page in the recipient's language: the body, a rule and the footer. */
export function page(body: string, footer: string, language: string | null): string {
  const lang = noticeLanguageOf(language);
  return `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:640px;margin:0 auto;padding:16px">${body}<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px"><p style="font-size:12px;color:#555">${footer}</p></body></html>`;
}

export function mailOf(post: NoticePost, excerpt: string, school: string, language: string | null, links: NoticeLinks): RenderedMail {
  const t = noticeTextsFor(language);
  const section = postSection(post, excerpt, language, links);
  const footerText = fill(t.footer, { school, link: settingsLink(links) });
  const urgent = post.type === 'urgent_notice' ? `${t.urgent}: ` : '';
  return {
    subject: `${school}: ${urgent}${titleOf(post, language)}`,
    text: `${section.text}\n\n--\n${footerText}`,
    html: page(section.html, escapeHtml(footerText), language),
  };
}

export function digestMailOf(
  posts: readonly { post: NoticePost; excerpt: string }[],
  name: string,
  school: string,
  language: string | null,
  links: NoticeLinks,
): RenderedMail {
  const t = noticeTextsFor(language);
  const intro = fill(t.digestIntro, { name });
  const sections = posts.map(({ post, excerpt }) => postSection(post, excerpt, language, links));
  const footerText = fill(t.footer, { school, link: settingsLink(links) });
  return {
    subject: fill(t.digestSubject, { school, count: posts.length }),
    text: [intro, ...sections.map((s) => s.text)].join('\n\n----\n\n') + `\n\n--\n${footerText}`,
    html: page(`<p>${escapeHtml(intro)}</p>${sections.map((s) => s.html).join('<hr style="border:none;border-top:1px solid #eee;margin:20px 0">')}`, escapeHtml(footerText), language),
  };
}
