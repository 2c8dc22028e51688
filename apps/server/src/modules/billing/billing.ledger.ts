import { accruedInterest, debitStatus, distribute, interestStartOf, NO_INTEREST, ZInterestRule, type DebitStatus, type InterestRule } from '@patio/core';
import { localDateOf } from '@patio/core/calendar/times';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { timeZoneOf } from '../settings/index';
import {
  addToConceptPaid,
  addToCreditApplied,
  findActiveDistributions,
  findConcepts,
  findCreditIdByKey,
  findLedgerDebits,
  findOrgSettingsText,
  findUnpaidDebitIds,
  giveBackNumber,
  insertCharges,
  insertCredit,
  insertDebit,
  insertDistributions,
  insertInterestLine,
  lockCredit,
  lockDebit,
  markDistributionsReversed,
  moveInterestFrom,
  takeNextNumber,
  updateDebitPaid,
  type LedgerDebitRow,
} from './billing.ledger.queries';

// The ledger's writes (docs/decisions/019-billing-ledger.md): debits, credits, and the distributions
// that apply one to the other, keeping the caches on debits, concepts and credits in step. Each
// function runs inside the caller's transaction and never opens its own, so a payment's webhook, an
// import or a treasury request compose them into one atomic write. Credits and debits are locked
// (credit first, then debits oldest first) before they are read for a change, so two applies of one
// credit at once never apply more than it holds.

export type { LedgerDebitRow } from './billing.ledger.queries';

/** Settings key (private, in orgs.settings) of the school's interest rule. */
export const INTEREST_SETTINGS_KEY = 'billing.interest';

/** Name of the interest lines a late payment adds. */
export const INTEREST_LINE_NAME = 'Intereses de mora';

/** A bigint column as read (a number on SQLite, a string on PostgreSQL) → a number of minor units. */
export function toMoney(v: number | string | bigint | null | undefined): number {
  if (v === null || v === undefined) return 0;
  return typeof v === 'number' ? v : Number(v);
}

/** The school's interest rule (off when unset or damaged). */
export function interestRuleOf(org: { settings: Record<string, unknown> }): InterestRule {
  const parsed = ZInterestRule.safeParse(org.settings[INTEREST_SETTINGS_KEY]);
  return parsed.success ? parsed.data : NO_INTEREST;
}

/** Today in the school's time zone ('YYYY-MM-DD'). */
export function todayOf(org: { settings: Record<string, unknown> }, now = Date.now()): string {
  return localDateOf(Math.floor(now / 1000), timeZoneOf(org.settings));
}

/** The next debit or credit number of a school (one UPDATE … RETURNING; the counter is created when missing). */
export function nextSequence(trx: Database, orgId: number, name: 'debit' | 'credit'): Promise<number> {
  return takeNextNumber(trx, orgId, name);
}

/** What a debit owes on `today`: interest added as lines plus what accrues, its balance and status. */
export function debitBalanceToday(
  debit: Pick<LedgerDebitRow, 'value' | 'interest' | 'paid' | 'interest_from' | 'expiration_date' | 'paid_on'> & { charges_paid?: number | string | null },
  rule: InterestRule | null,
  today: string,
): { interest: number; accruingInterest: number; balance: number; status: DebitStatus } {
  const value = toMoney(debit.value);
  const added = toMoney(debit.interest);
  const paid = toMoney(debit.paid);
  // Interest lines are paid before charges, so without the exact sum the charges got what exceeds the interest.
  const chargesPaid = debit.charges_paid !== undefined && debit.charges_paid !== null ? toMoney(debit.charges_paid) : Math.max(0, paid - added);
  const accruingInterest =
    debit.paid_on === null
      ? accruedInterest({ outstandingCharges: value - chargesPaid, rule, from: debit.interest_from, to: today, expirationDate: debit.expiration_date })
      : 0;
  const interest = added + accruingInterest;
  const balance = Math.max(0, value + interest - paid);
  return { interest, accruingInterest, balance, status: debitStatus({ balance, expirationDate: debit.expiration_date, today }) };
}

async function storedRule(trx: Database, orgId: number): Promise<InterestRule> {
  const stored = await findOrgSettingsText(trx, orgId);
  try {
    return interestRuleOf({ settings: stored ? (JSON.parse(stored) as Record<string, unknown>) : {} });
  } catch {
    return NO_INTEREST;
  }
}

export interface NewDebit {
  orgId: number;
  personId: number;
  period: string;
  description: string;
  issueDate: string;
  expirationDate: string;
  currency: string;
  concepts: { name: string; observations: string; value: number }[];
  reference?: string | null;
  importId?: number | null;
  createdBy?: number | null;
  createdAt?: string;
  /** The school's grace days; read from its settings when not given. */
  graceDays?: number;
}

/** Bills a student: a debit and its charge lines (interest_from = expiration + grace). */
export async function createDebit(trx: Database, input: NewDebit): Promise<{ id: number; sequence: number }> {
  const graceDays = input.graceDays ?? (await storedRule(trx, input.orgId)).graceDays;
  const sequence = await nextSequence(trx, input.orgId, 'debit');
  const createdAt = input.createdAt ?? nowIso();
  const value = input.concepts.reduce((sum, c) => sum + c.value, 0);
  const debitId = await insertDebit(trx, {
    org_id: input.orgId,
    person_id: input.personId,
    sequence,
    period: input.period,
    description: input.description,
    issue_date: input.issueDate,
    expiration_date: input.expirationDate,
    currency: input.currency,
    value,
    interest: 0,
    paid: 0,
    interest_from: interestStartOf(input.expirationDate, { monthlyRatePercent: 0, graceDays }),
    paid_on: value === 0 ? input.issueDate : null,
    reference: input.reference ?? null,
    import_id: input.importId ?? null,
    created_by: input.createdBy ?? null,
    created_at: createdAt,
  });
  await insertCharges(
    trx,
    input.concepts.map((c, i) => ({
      org_id: input.orgId,
      debit_id: debitId,
      position: i + 1,
      kind: 'charge',
      name: c.name,
      observations: c.observations,
      value: c.value,
      paid: 0,
      created_at: createdAt,
    })),
  );
  return { id: debitId, sequence };
}

export interface NewCredit {
  orgId: number;
  personId: number;
  method: string;
  value: number;
  date: string;
  effectiveDate: string;
  currency: string;
  reference?: string;
  note?: string;
  paymentId?: number | null;
  /** A treasury submit's Idempotency-Key: the same creator and key answer the same credit. */
  idempotencyKey?: string | null;
  createdBy?: number | null;
}

/** Records money received for a student (nothing applied yet); a repeated idempotency key answers the first credit. */
export async function recordCredit(trx: Database, input: NewCredit): Promise<{ id: number; sequence: number; created: boolean }> {
  const key = input.idempotencyKey ? `${input.createdBy ?? 0}:${input.idempotencyKey}` : null;
  if (key) {
    const known = await findCreditIdByKey(trx, input.orgId, key);
    if (known) return { ...known, created: false };
  }
  // Taking the number holds the counter's row: a same-key request that got here first has committed by
  // the time this one reads again (PostgreSQL), and gives its number back when it finds that credit.
  const sequence = await nextSequence(trx, input.orgId, 'credit');
  if (key) {
    const known = await findCreditIdByKey(trx, input.orgId, key);
    if (known) {
      await giveBackNumber(trx, input.orgId, 'credit');
      return { ...known, created: false };
    }
  }
  const id = await insertCredit(trx, {
    org_id: input.orgId,
    person_id: input.personId,
    sequence,
    method: input.method,
    date: input.date,
    effective_date: input.effectiveDate,
    currency: input.currency,
    value: input.value,
    applied: 0,
    reference: input.reference ?? '',
    note: input.note ?? '',
    payment_id: input.paymentId ?? null,
    idempotency_key: key,
    created_by: input.createdBy ?? null,
    created_at: nowIso(),
  });
  return { id, sequence, created: true };
}

const nothingToApply = () => new HttpError(409, 'nothing_to_apply', 'This credit has no unapplied balance');
const debitPaid = () => new HttpError(409, 'debit_paid', 'This debit is already paid');

/**
 * Applies a credit's unapplied balance (at most `amount`) to debit `debitId`, or to the student's
 * unpaid debits oldest first. Interest accrued until the credit's effective date is first added as a
 * line; then each debit's interest lines, then its charges in order. Errors: 404 `not_found`, 409
 * `nothing_to_apply`, 409 `debit_paid`, 400 `wrong_student`, 400 `currency_mismatch`.
 */
export async function applyCredit(
  trx: Database,
  input: { orgId: number; creditId: number; debitId?: number; amount?: number; actorId?: number | null; today: string; rule?: InterestRule },
): Promise<{ applied: number }> {
  const { orgId } = input;
  const credit = await lockCredit(trx, orgId, input.creditId);
  if (!credit) throw notFound('No such credit');
  const unapplied = toMoney(credit.value) - toMoney(credit.applied);
  if (unapplied <= 0) throw nothingToApply();
  let rest = Math.min(unapplied, input.amount ?? unapplied);
  const rule = input.rule ?? (await storedRule(trx, orgId));
  let debitIds: number[];
  if (input.debitId !== undefined) {
    const [debit] = await findLedgerDebits(trx, orgId, [input.debitId]);
    if (!debit) throw notFound('No such debit');
    if (debit.person_id !== credit.person_id) throw badRequest('wrong_student', "A credit pays only its own student's debits");
    if (debit.currency !== credit.currency) throw badRequest('currency_mismatch', `This debit is in ${debit.currency}, the credit in ${credit.currency}`);
    debitIds = [debit.id];
  } else {
    debitIds = await findUnpaidDebitIds(trx, orgId, credit.person_id, credit.currency);
  }
  const createdAt = nowIso();
  let applied = 0;
  for (const debitId of debitIds) {
    if (rest === 0) break;
    const debit = await lockDebit(trx, orgId, debitId);
    if (!debit || debit.paid_on !== null) {
      if (input.debitId !== undefined) throw debitPaid();
      continue;
    }
    const paid = await payDebit(trx, { debit, creditId: credit.id, effectiveDate: credit.effective_date, amount: rest, rule, actorId: input.actorId ?? null, today: input.today, createdAt });
    applied += paid;
    rest -= paid;
  }
  if (applied > 0) await addToCreditApplied(trx, orgId, credit.id, applied);
  return { applied };
}

/** Adds the interest due at `effectiveDate` to a locked debit, then pays up to `amount` of it; answers what was paid. */
async function payDebit(
  trx: Database,
  p: { debit: LedgerDebitRow; creditId: number; effectiveDate: string; amount: number; rule: InterestRule; actorId: number | null; today: string; createdAt: string },
): Promise<number> {
  const { debit } = p;
  const orgId = debit.org_id;
  const concepts = await findConcepts(trx, orgId, debit.id);
  const lines = concepts.map((c) => ({ id: c.id, kind: c.kind === 'interest' ? ('interest' as const) : ('charge' as const), position: c.position, outstanding: toMoney(c.value) - toMoney(c.paid) }));
  let owed = toMoney(debit.value) + toMoney(debit.interest) - toMoney(debit.paid);
  if (p.effectiveDate > debit.interest_from) {
    const interest = accruedInterest({
      outstandingCharges: toMoney(debit.value) - toMoney(debit.charges_paid),
      rule: p.rule,
      from: debit.interest_from,
      to: p.effectiveDate,
      expirationDate: debit.expiration_date,
    });
    if (interest > 0) {
      const position = Math.max(0, ...concepts.map((c) => c.position)) + 1;
      const id = await insertInterestLine(trx, {
        orgId,
        debitId: debit.id,
        position,
        name: INTEREST_LINE_NAME,
        observations: `${debit.interest_from} → ${p.effectiveDate}`,
        value: interest,
        to: p.effectiveDate,
        createdAt: p.createdAt,
      });
      lines.push({ id, kind: 'interest', position, outstanding: interest });
      owed += interest;
    } else if (p.effectiveDate >= interestStartOf(debit.expiration_date, p.rule)) {
      await moveInterestFrom(trx, orgId, debit.id, p.effectiveDate);
    }
  }
  const shares = distribute(Math.min(p.amount, owed), lines);
  const total = shares.reduce((sum, s) => sum + s.value, 0);
  if (total === 0) return 0;
  await insertDistributions(
    trx,
    shares.map((s) => ({ org_id: orgId, credit_id: p.creditId, debit_id: debit.id, concept_id: s.id, value: s.value, created_by: p.actorId, created_at: p.createdAt })),
  );
  for (const s of shares) await addToConceptPaid(trx, orgId, s.id, s.value);
  await updateDebitPaid(trx, orgId, debit.id, total, total >= owed ? p.today : null);
  return total;
}

/**
 * Takes back what a credit paid (on one debit, or on all): its distributions are marked reversed (the
 * history stays), the lines, debits and credit owe and hold again what they did. Interest lines stay;
 * interest runs again from the credit's effective date.
 */
export async function unapplyCredit(
  trx: Database,
  input: { orgId: number; creditId: number; debitId?: number; actorId: number | null },
): Promise<{ unapplied: number }> {
  const { orgId } = input;
  const credit = await lockCredit(trx, orgId, input.creditId);
  if (!credit) throw notFound('No such credit');
  const distributions = await findActiveDistributions(trx, orgId, credit.id, input.debitId);
  if (distributions.length === 0) return { unapplied: 0 };
  const debitIds = [...new Set(distributions.map((d) => d.debit_id))];
  const order = (await findLedgerDebits(trx, orgId, debitIds)).sort((a, b) => a.expiration_date.localeCompare(b.expiration_date) || a.sequence - b.sequence);
  for (const debit of order) await lockDebit(trx, orgId, debit.id);
  let total = 0;
  for (const debit of order) {
    const mine = distributions.filter((d) => d.debit_id === debit.id);
    const sum = mine.reduce((s, d) => s + toMoney(d.value), 0);
    for (const d of mine) await addToConceptPaid(trx, orgId, d.concept_id, -toMoney(d.value));
    await updateDebitPaid(trx, orgId, debit.id, -sum, null);
    total += sum;
  }
  await markDistributionsReversed(
    trx,
    orgId,
    distributions.map((d) => d.id),
    input.actorId,
    nowIso(),
  );
  await addToCreditApplied(trx, orgId, credit.id, -total);
  return { unapplied: total };
}

/** A debit of the school by id with its charges paid, for debitBalanceToday (no lock). */
export async function findDebitForBalance(db: Database, orgId: number, debitId: number): Promise<LedgerDebitRow | null> {
  const [row] = await findLedgerDebits(db, orgId, [debitId]);
  return row ?? null;
}
