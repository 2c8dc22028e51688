import type { Database } from '../../db/database';
import { deleteDebits, findUntouchedDebitIds } from './billing.cancel.queries';
import { holdDebit } from './billing.import.queries';

// Cancelling debits that are no longer owed (an activity left before its period; issue 37 §1). The
// ledger keeps no "cancelled" state: a debit no payment ever touched is removed with its charge lines,
// as if it had never been billed (its number stays unused). A debit that anything touched — a
// distribution, even one taken back, an interest line, an online payment in any state, a refund —
// stays as it is: its history is the family's record of what they paid.

/**
 * Removes those of `debitIds` (of the school) that no payment ever touched; answers the ids removed.
 * Runs inside the caller's transaction: each debit's row is held first (in id order) so a payment
 * applying meanwhile either lands before the check, and the debit stays, or waits and finds it gone.
 */
export async function cancelUntouchedDebits(trx: Database, orgId: number, debitIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(debitIds)].sort((a, b) => a - b);
  for (const id of ids) await holdDebit(trx, orgId, id);
  const gone = await findUntouchedDebitIds(trx, orgId, ids);
  await deleteDebits(trx, orgId, gone);
  return gone;
}
