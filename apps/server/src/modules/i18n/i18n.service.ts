import { LANGUAGES, type TermMap } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { findTermOverrides } from './i18n.queries';

export const supportedLanguages = LANGUAGES;

/** "es", "es-CO", "pt_BR" → the base language when supported, else null. */
export function baseLanguage(lang: string): string | null {
  const match = lang.toLowerCase().match(/^([a-z]{2})(?:[-_][a-z0-9]{2,8})?$/);
  return match && (supportedLanguages as readonly string[]).includes(match[1]) ? match[1] : null;
}

/** The school's own words for lang (e.g. what it calls a 'course'), merged by the client over its dictionary. */
export async function getTermMap(ctx: RequestContext, lang: string): Promise<TermMap> {
  const base = baseLanguage(lang);
  if (!base) throw notFound(`Unknown language "${lang}"; use one of ${supportedLanguages.join(', ')}`);
  return findTermOverrides(ctx.db, ctx.org.id, base);
}
