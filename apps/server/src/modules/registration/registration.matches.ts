import { documentKeyOf } from '@patio/core';
import type { Database } from '../../db/database';
import type { StagedForm } from './registration.form';
import type { LinkRow } from './registration.links.queries';
import { findPeopleDetails } from './registration.links.queries';
import { findPeopleByDocumentKeys } from './registration.queries';

// Decision 023: what a registration's form matches in the school (by normalised document, the only
// thing approval ever matched on), and which ways of linking it are open now. A match is a warning
// for the administrator; it never links anything by itself.

export interface FormMatches {
  /** The person of the school holding the parent's document (never the registrant themselves). */
  parent: { id: number; email: string | null; language: string | null; firstName: string } | null;
  /** People of the school holding a child's or a relative's document. */
  others: number[];
}

export type LinkChoice = 'confirm' | 'decide';

/** The people of the school the form names by document. */
export async function findFormMatches(db: Database, orgId: number, registrantId: number, form: StagedForm): Promise<FormMatches> {
  const parentKey = documentKeyOf(form.parentDocument);
  const otherKeys = [...form.children, ...form.relatives].map((p) => documentKeyOf(p.document)).filter((k): k is string => k !== null);
  const people = await findPeopleByDocumentKeys(db, orgId, parentKey ? [parentKey, ...otherKeys] : otherKeys);
  const holder = parentKey ? people.get(parentKey) : undefined;
  const parentMatch = holder && holder.id !== registrantId ? holder : undefined;
  const details = parentMatch ? (await findPeopleDetails(db, orgId, [parentMatch.id])).get(parentMatch.id) : undefined;
  const others = [...new Set(otherKeys.map((k) => people.get(k)?.id).filter((id): id is number => id !== undefined && id !== registrantId))];
  return {
    parent: parentMatch
      ? { id: parentMatch.id, firstName: parentMatch.firstName, email: nonBlank(details?.email), language: details?.language ?? null }
      : null,
    others,
  };
}

/**
 * How a pending registration may be linked now. A matched parent with an email on file must confirm
 * through a mailed link; one without a contact on file, or children and relatives matched without
 * their parent, need an administrator's decision with a reason. Nothing while a confirmation waits
 * for an answer, and nothing once the person on file refused.
 */
export function linkChoicesOf(matches: FormMatches, link: LinkRow | null, now = new Date().toISOString()): LinkChoice[] {
  if (link) {
    const isExpired = link.status === 'pending' && link.expires_at <= now;
    if (!isExpired) return [];
  }
  if (matches.parent) return matches.parent.email ? ['confirm'] : ['decide'];
  return matches.others.length > 0 ? ['decide'] : [];
}

function nonBlank(value: string | null | undefined): string | null {
  return value && value.trim() !== '' ? value.trim() : null;
}
