import { z } from 'zod';
import { ZIdCode, type IdCode } from '@patio/core/schemas/attendance';
import { ZPersonProfile, type PersonProfile } from '@patio/core/schemas/people';

/** One card of /id: the holder's profile and today's code (null when the school gave none). */
export interface IdCardEntry {
  person: PersonProfile;
  code: IdCode | null;
}

const ZStoredCards = z.object({ cards: z.array(z.object({ person: ZPersonProfile, code: ZIdCode.nullable() })).min(1) });

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** Where this device keeps an account's cards: per school and person (two schools' ids may meet on one phone). */
export const idCardStorageKey = (school: string, personId: number) => `patio.idCard.${school}.${personId}`;

/** A code still opens the gate: `validUntil` is the first second it is refused. */
export const isCodeValid = (code: IdCode | null, nowSeconds: number): code is IdCode => code !== null && code.validUntil > nowSeconds;

/**
 * The cards this device last read for the account, if their codes are still good: a copy kept from
 * yesterday would show a QR every scanner refuses, so it is not shown at all.
 */
export function readStoredCards(storage: Store, key: string, nowSeconds: number): IdCardEntry[] | undefined {
  try {
    const parsed = ZStoredCards.safeParse(JSON.parse(storage.getItem(key) ?? 'null'));
    if (!parsed.success) return undefined;
    const { cards } = parsed.data;
    const hasCode = cards.some((card) => card.code !== null);
    return hasCode && cards.every((card) => card.code === null || isCodeValid(card.code, nowSeconds)) ? cards : undefined;
  } catch {
    return undefined;
  }
}

export function writeStoredCards(storage: Store, key: string, cards: readonly IdCardEntry[]): void {
  if (cards.length === 0) return;
  try {
    storage.setItem(key, JSON.stringify({ cards }));
  } catch {
    // A full storage only loses the offline copy.
  }
}

/** When the earliest code of the cards runs out (epoch s); null without codes. */
export function earliestExpiry(cards: readonly IdCardEntry[]): number | null {
  const ends = cards.flatMap((card) => (card.code ? [card.code.validUntil] : []));
  return ends.length > 0 ? Math.min(...ends) : null;
}
