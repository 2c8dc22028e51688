import { addDays, daysBetween } from '../calendar/times';
import type { InterestRule } from '../schemas/billing';

// The school's interest rule (docs/decisions/019-billing-ledger.md "Interest"): simple interest on a
// debit's outstanding charges, counted per day as rate × days / 30, from the day after the grace
// period until the day asked. Exact integer arithmetic: no amount is ever a float.

/** The rule of a school that set none: interest off. */
export const NO_INTEREST: InterestRule = { monthlyRatePercent: 0, graceDays: 0 };

/** First day interest may accrue on a debit that expires on `expirationDate`. */
export function interestStartOf(expirationDate: string, rule: InterestRule): string {
  return addDays(expirationDate, rule.graceDays);
}

/** Interest (minor units, rounded half up) on `outstandingCharges` from day `from` to day `to` ('YYYY-MM-DD'). */
export function accruedInterest({
  outstandingCharges,
  rule,
  from,
  to,
  expirationDate,
}: {
  outstandingCharges: number;
  rule: InterestRule | null;
  from: string;
  to: string;
  /** When given, interest never starts before its expiration plus the rule's grace (a grace made longer later). */
  expirationDate?: string;
}): number {
  if (!rule || rule.monthlyRatePercent <= 0 || outstandingCharges <= 0) return 0;
  const start = expirationDate && interestStartOf(expirationDate, rule) > from ? interestStartOf(expirationDate, rule) : from;
  const days = daysBetween(start, to);
  if (days <= 0) return 0;
  // rate in hundredths of a basis point (1.5 % → 15000), so the product stays an exact integer.
  const rate = BigInt(Math.round(rule.monthlyRatePercent * 10_000));
  const numerator = BigInt(outstandingCharges) * rate * BigInt(days);
  const denominator = 100n * 10_000n * 30n;
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** Whole days a debit is past its expiration date on `today` (0 when not expired). */
export function daysOverdue(expirationDate: string, today: string): number {
  return Math.max(0, daysBetween(expirationDate, today));
}
