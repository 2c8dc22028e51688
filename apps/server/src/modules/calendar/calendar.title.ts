import { dictionaryLanguageOf, loadDictionary, matchInterfaceLanguage } from '@patio/core/i18n/index';
import type { Database } from '../../db/database';
import { memoised } from '../../policy/caller-memo';
import type { Caller } from '../../policy/policy';
import { findPerson } from '../people/index';

// Spec §3 Calendar event: an event without a title shows 'Sin título', in the reader's language
// (people.language; Spanish when they have none).

/** The default title in the caller's language, read once per request. */
export function untitledFor(db: Database, caller: Caller): Promise<string> {
  return memoised(caller, 'calendar:untitled', async () => {
    const person = await findPerson(db, caller.orgId, caller.id);
    return (await loadDictionary(dictionaryLanguageOf(matchInterfaceLanguage(person?.language)))).calendar.untitled;
  });
}

/** The title to show: as written, or the default when blank. */
export function shownTitle(title: string, untitled: string): string {
  return title.trim() === '' ? untitled : title;
}
