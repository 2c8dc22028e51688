import { createHash } from 'node:crypto';
import { type Language, MAX_TITLE_LENGTH, type PostTranslation, type TranslationService } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { canReadPost, excerptOf, sanitizePostHtml } from '../posts/index';
import { imageProxyFor, withProxiedImages } from '../proxy/index';
import { requestTranslation, TranslationUnavailable } from './translation.client';
import { findPostSource, findTranslation, saveTranslation } from './translation.queries';

// Reading a post in another language (issue 33 item 9; decision 029). The reader must be able to read
// the post (postAccess) before anything about a translation is looked at, so the cache answers nobody
// the post does not. A translation is kept per post and language with the hash of the text it was made
// from: a post rewritten since is translated again on the next request. Identical requests of one server
// process share one call to the service (many families open the same circular at once).

/** Longest source (title and description, characters of HTML) sent to the service. */
export const MAX_TRANSLATION_SOURCE = 100_000;

const postNotFound = () => notFound('There is no such post, or it is not addressed to you');
const unavailable = (message: string) => new HttpError(503, 'translation_unavailable', message, { 'retry-after': '30' });

/** GET translation: whether posts can be translated on this server. */
export function translationService(ctx: RequestContext): TranslationService {
  return { available: ctx.services.config.translation !== undefined };
}

// One map of calls under way per app (tests build many apps in one process).
const inFlight = new WeakMap<object, Map<string, Promise<PostTranslation>>>();

function callsOf(ctx: RequestContext): Map<string, Promise<PostTranslation>> {
  let calls = inFlight.get(ctx.services);
  if (!calls) {
    calls = new Map();
    inFlight.set(ctx.services, calls);
  }
  return calls;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function hashOf(source: { language: string; title: string; description: string }): string {
  return createHash('sha256').update(`${source.language}\n${source.title}\n${source.description}`).digest('hex');
}

/**
 * POST posts/{id}/translations: the post's title and description in `language`. 404 as for the post
 * when the caller may not read it; 409 `translation_off` without a service; 413 for a post too long to
 * send; 503 `translation_unavailable` when the service fails.
 */
export async function translatePost(ctx: RequestContext, postId: number, language: Language): Promise<PostTranslation> {
  const translation = await findOrMakeTranslation(ctx, postId, language);
  // Pictures of other sites go through /proxy/ as in the post itself (decision 028); the stored text keeps their addresses.
  return { ...translation, description: withProxiedImages(translation.description, imageProxyFor(ctx.services.config, ctx.origin)) };
}

async function findOrMakeTranslation(ctx: RequestContext, postId: number, language: Language): Promise<PostTranslation> {
  const caller = requireCaller(ctx);
  if (!(await canReadPost(ctx.db, caller, postId))) throw postNotFound();
  const post = await findPostSource(ctx.db, ctx.org.id, postId);
  if (!post) throw postNotFound();
  if (post.language === language) return { language, title: post.title, description: post.description };
  const settings = ctx.services.config.translation;
  if (!settings) throw new HttpError(409, 'translation_off', 'This server has no translation service');
  const sourceHash = hashOf(post);
  const stored = await findTranslation(ctx.db, ctx.org.id, postId, language);
  if (stored && stored.source_hash === sourceHash) return { language, title: stored.title, description: stored.description };
  if (post.title.length + post.description.length > MAX_TRANSLATION_SOURCE) {
    throw new HttpError(413, 'too_long_to_translate', `Posts longer than ${MAX_TRANSLATION_SOURCE} characters are not translated`);
  }

  const key = `${ctx.org.id}:${postId}:${language}:${sourceHash}`;
  const calls = callsOf(ctx);
  const running = calls.get(key);
  if (running) return running;
  const call = (async (): Promise<PostTranslation> => {
    let texts: [string, string];
    try {
      texts = await requestTranslation(settings, { from: post.language as Language, to: language, texts: [escapeHtml(post.title), post.description] });
    } catch (err) {
      if (err instanceof TranslationUnavailable) throw unavailable(`The post could not be translated now: ${err.message}`);
      throw err;
    }
    // The service's HTML is someone else's output: it is stored and served only as the sanitiser leaves it.
    const translation = { language, title: excerptOf(texts[0], MAX_TITLE_LENGTH), description: sanitizePostHtml(texts[1]) };
    await saveTranslation(ctx.db, { orgId: ctx.org.id, postId, language, sourceHash, title: translation.title, description: translation.description });
    return translation;
  })();
  calls.set(key, call);
  try {
    return await call;
  } finally {
    calls.delete(key);
  }
}
