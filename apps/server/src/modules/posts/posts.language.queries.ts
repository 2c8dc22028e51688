import type { Language } from '@patio/core';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import type { Database } from '../../db/database';
import { schoolLanguageOf } from '../settings/index';

// The language a post is written in (issue 33 item 9): what the author chose in the request, else the
// author's interface language, else the school's default language (orgs.settings `language`), else es.

function languageOf(tag: unknown): Language | null {
  return typeof tag === 'string' && tag.trim() !== '' ? dictionaryLanguageOf(matchInterfaceLanguage(tag)) : null;
}

/** The school's default language from its stored settings (es for settings that cannot be read). */
function defaultLanguageOf(settings: string): Language {
  try {
    const parsed: unknown = JSON.parse(settings);
    return schoolLanguageOf(parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {});
  } catch {
    return schoolLanguageOf({});
  }
}

/** The language a new post of `authorId` is written in when the request names none. */
export async function authorLanguageOf(db: Database, orgId: number, authorId: number): Promise<Language> {
  const row = await db
    .selectFrom('people')
    .innerJoin('orgs', 'orgs.id', 'people.org_id')
    .select(['people.language', 'orgs.settings'])
    .where('people.org_id', '=', orgId)
    .where('people.id', '=', authorId)
    .executeTakeFirst();
  if (!row) return 'es';
  return languageOf(row.language) ?? defaultLanguageOf(row.settings);
}
