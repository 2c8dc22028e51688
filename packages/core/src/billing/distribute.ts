import type { DebitStatus } from '../schemas/billing';

// How a credit pays one debit (docs/decisions/019-billing-ledger.md "Order of application"): its
// interest lines first, then its charges in line order, never more than a line still owes.

/** A line of a debit as the distribution sees it. */
export interface DistributableLine {
  id: number;
  kind: 'charge' | 'interest';
  position: number;
  /** What the line still owes (value − paid). */
  outstanding: number;
}

/** A share of an amount on one line. */
export interface LineShare {
  id: number;
  value: number;
}

/** Splits `amount` over `lines` (interest first, then by position); lines that get nothing are left out. */
export function distribute(amount: number, lines: readonly DistributableLine[]): LineShare[] {
  const ordered = [...lines].sort((a, b) => (a.kind === b.kind ? a.position - b.position : a.kind === 'interest' ? -1 : 1));
  const shares: LineShare[] = [];
  let rest = Math.max(0, Math.floor(amount));
  for (const line of ordered) {
    if (rest === 0) break;
    const value = Math.min(rest, Math.max(0, line.outstanding));
    if (value === 0) continue;
    shares.push({ id: line.id, value });
    rest -= value;
  }
  return shares;
}

/** `paid` once nothing is owed, `overdue` after its expiration date, else `pending`. */
export function debitStatus({ balance, expirationDate, today }: { balance: number; expirationDate: string; today: string }): DebitStatus {
  if (balance <= 0) return 'paid';
  return today > expirationDate ? 'overdue' : 'pending';
}
