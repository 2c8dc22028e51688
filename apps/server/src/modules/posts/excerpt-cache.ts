import { excerptOf } from './posts.html';

// Folder lists show each thread's latest post as a plain-text excerpt. Making one re-parses the post's
// HTML (sanitize-html), which was a fifth of the inbox's CPU. The excerpt is a pure function of the
// markup, so it is kept keyed by the markup itself (never stale, whatever database or school asks) in
// a bounded map: the school-wide posts most inboxes show are made once.

/** Entries kept; keys are at most the 4,000 characters a list reads, so at most about 8 MB. */
const MAX_ENTRIES = 1000;
const excerpts = new Map<string, string>();

/** excerptOf(html), remembered for the most recently made ones. */
export function listExcerpt(html: string): string {
  const known = excerpts.get(html);
  if (known !== undefined) return known;
  const excerpt = excerptOf(html);
  if (excerpts.size >= MAX_ENTRIES) excerpts.delete(excerpts.keys().next().value as string);
  excerpts.set(html, excerpt);
  return excerpt;
}
