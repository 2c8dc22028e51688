import { type BlockType, parseDriveUrl, parseVideoUrl } from '@patio/core';
import type { Database } from '../../db/database';
import { badRequest } from '../../http/errors';
import type { Caller } from '../../policy/policy';
import { findItemOwner } from './blocks.queries';

// What a block's url may be, per type (issue 10 contract "Blocks"): paths of ours must name this
// school's things (and a form or html item the author may put in a post), web addresses must be what
// the block can show. Anything else is 400 `invalid_block_url` and nothing is written.

/** The url of a form as blocks store it. */
export const formUrl = (formId: number) => `data/entities/${formId}`;
/** The url of an html item as blocks store it. */
export const htmlUrl = (htmlId: number) => `media/html/${htmlId}`;

const FORM_URL = /^data\/entities\/([1-9]\d{0,15})$/;
const HTML_URL = /^media\/html\/([1-9]\d{0,15})$/;
const FILE_VARIANTS = '(original|preview|thumbnail|large)';
const hasControlCharacters = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** Control characters, white space or backslashes: no url a block keeps needs them, and browsers read them leniently. */
function hasUnsafeCharacters(text: string): boolean {
  return /[\s\\]/.test(text) || hasControlCharacters(text);
}

export interface BlockUrlContext {
  db: Database;
  caller: Caller;
  orgCode: string;
  orgId: number;
  /** `<scheme>://<host>` the API is reached at: an absolute file address must be ours. */
  origin: string;
  postId: number;
}

const invalid = (type: string, why: string) => badRequest('invalid_block_url', `This is not a valid url for a ${type} block: ${why}`);

function isHttps(raw: string): boolean {
  try {
    return new URL(raw).protocol === 'https:' && !hasUnsafeCharacters(raw);
  } catch {
    return false;
  }
}

/** A signed file address of this school (`/api/{org}/files/{id}/{variant}?…`), relative or on our own origin. */
function isOwnFileAddress(raw: string, ctx: BlockUrlContext): boolean {
  if (hasUnsafeCharacters(raw)) return false;
  const path = new RegExp(`^/api/${ctx.orgCode}/files/[1-9]\\d{0,15}/${FILE_VARIANTS}(\\?[^#]*)?$`);
  if (raw.startsWith('/') && !raw.startsWith('//')) return path.test(raw);
  try {
    const url = new URL(raw);
    return url.origin === ctx.origin && path.test(`${url.pathname}${url.search}`);
  } catch {
    return false;
  }
}

/** A path on the school's legacy host: no scheme, no `..` (however encoded), no `//` host, nothing that is not a plain url character. */
function isLegacyPath(raw: string): boolean {
  if (hasUnsafeCharacters(raw) || /^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.split(/[?#]/)[0]);
  } catch {
    return false;
  }
  return !decoded.split(/[/\\]/).some((segment) => segment === '..') && !hasControlCharacters(decoded);
}

/** A form or html item of this school that the caller owns (or any, for an administrator). */
async function checkOwnItem(ctx: BlockUrlContext, type: string, table: 'form_entities' | 'html_media', id: number): Promise<void> {
  const owner = await findItemOwner(ctx.db, ctx.orgId, table, id);
  if (owner === null) throw invalid(type, 'it names nothing of this school');
  if (owner !== ctx.caller.id && !ctx.caller.isAdmin) throw invalid(type, 'it belongs to someone else');
}

/** The url to store for a block of `type` (trimmed; blank is null), or 400 `invalid_block_url`. */
export async function checkBlockUrl(ctx: BlockUrlContext, type: BlockType, raw: string | null | undefined): Promise<string | null> {
  const url = raw?.trim() ?? '';
  if (url === '') return null;
  switch (type) {
    case 'files': {
      if (!new RegExp(`^posts/${ctx.postId}/resources/files/block-\\d{1,16}$`).test(url)) throw invalid(type, `expected posts/${ctx.postId}/resources/files/block-{digits}`);
      return url;
    }
    case 'form': {
      const match = FORM_URL.exec(url);
      if (!match) throw invalid(type, 'expected data/entities/{id}');
      await checkOwnItem(ctx, type, 'form_entities', Number(match[1]));
      return url;
    }
    case 'html': {
      const match = HTML_URL.exec(url);
      if (!match) throw invalid(type, 'expected media/html/{id}');
      await checkOwnItem(ctx, type, 'html_media', Number(match[1]));
      return url;
    }
    case 'image':
      if (!isOwnFileAddress(url, ctx) && !isHttps(url)) throw invalid(type, 'expected a file address of this school or an https address');
      return url;
    case 'youtube':
      if (hasUnsafeCharacters(url) || !parseVideoUrl(url)) throw invalid(type, 'This is not a valid video URL');
      return url;
    case 'googleDocument':
      if (hasUnsafeCharacters(url) || !parseDriveUrl(url)) throw invalid(type, 'expected a Google Drive, Google Docs or OneDrive https address');
      return url;
    case 'v3':
      if (!isLegacyPath(url) && !isHttps(url)) throw invalid(type, 'expected a path on the legacy host or an https address');
      return url;
  }
}
