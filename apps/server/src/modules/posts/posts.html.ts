import { MAX_DESCRIPTION_BYTES } from '@patio/core';
import sanitizeHtml from 'sanitize-html';
import { HttpError } from '../../http/errors';
import { originalOfProxied } from '../proxy/index';

// What a post's description may hold: the output of the compose editor (Tiptap) and nothing that
// runs. Everything else is dropped, its text kept; scripts and styles go with their content.

const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'code', 'pre', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  // A link opens in a new tab and never gives the target page a handle on ours or our address.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } }),
    // Readers get other sites' pictures as signed /proxy/ addresses, written at read time (decision
    // 028); one saved back from a page is stored as the picture's own address, then checked as any src.
    img: (tagName, attribs) => ({ tagName, attribs: attribs.src ? { ...attribs, src: originalOfProxied(attribs.src) ?? attribs.src } : attribs }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** A description as stored and shown: the editor's markup with anything executable removed. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options);
}

const encoder = new TextEncoder();

/** 413 `payload_too_large` for a description over MAX_DESCRIPTION_BYTES (UTF-8), before anything is written. */
export function assertDescriptionSize(html: string): void {
  // Bytes are at least the characters and at most three per UTF-16 unit: measure only when in doubt.
  if (html.length <= MAX_DESCRIPTION_BYTES / 3) return;
  if (html.length > MAX_DESCRIPTION_BYTES || encoder.encode(html).length > MAX_DESCRIPTION_BYTES) {
    throw new HttpError(413, 'payload_too_large', `The description is larger than ${MAX_DESCRIPTION_BYTES} bytes`);
  }
}

/** The description a post stores: size-checked as sent, then sanitised. */
export function storedDescription(html: string): string {
  assertDescriptionSize(html);
  return sanitizePostHtml(html);
}

/** Plain text of a description, at most `max` characters (lists and sent receipts show it). */
export function excerptOf(html: string, max = 200): string {
  const spaced = html.replace(/<\/(p|li|h2|h3|blockquote|pre)>|<br\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style'] })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
