import { z } from 'zod';
import { ZId, zQueryInteger } from './ids';

// Billing (spec §1 Billing, §2 /billing/…, §3 Debit and Settings, §8 online transaction notice, §9
// currency; issue 14; docs/decisions/019-billing-ledger.md). Every amount is an integer number of
// minor units of the school's currency (whole pesos for COP, cents for EUR: see
// minorDigits in ../billing/money). Dates of the ledger are calendar days 'YYYY-MM-DD' in the school's
// time zone; instants are epoch seconds.

/** Largest amount one debit, concept or credit may carry: 12 digits, within the words helper's limit whatever the exponent. */
export const MAX_AMOUNT_MINOR = 999_999_999_999;

/** An amount in minor units. */
export const ZAmount = z.number().int().min(0).max(MAX_AMOUNT_MINOR);
/** A positive amount in minor units (a payment, a concept). */
export const ZPositiveAmount = z.number().int().min(1).max(MAX_AMOUNT_MINOR);
/** A calendar day. */
export const ZDay = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'A date is YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Not a real date');

const ZRef = z.object({ id: ZId, name: z.string() });

/** How a credit was paid. `online` credits come from a payment provider; the others are recorded by treasury. */
export const CREDIT_METHODS = ['online', 'cash', 'bank_transfer', 'card', 'check', 'other'] as const;
export type CreditMethod = (typeof CREDIT_METHODS)[number];

/** A debit is `pending` until its expiration date, `overdue` after it, `paid` once its balance is 0. */
export const DEBIT_STATUSES = ['pending', 'overdue', 'paid'] as const;
export type DebitStatus = (typeof DEBIT_STATUSES)[number];

/** Lines of a debit: the charges it was issued with, and interest added after expiry when a payment came. */
export const CONCEPT_KINDS = ['charge', 'interest'] as const;

/** Online payment: `pending` at the provider's checkout, then `approved` (a credit was recorded) or `declined`. */
export const PAYMENT_STATUSES = ['pending', 'approved', 'declined'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Payment providers: the built-in sandbox and the real gateways behind the same interface. */
export const PAYMENT_PROVIDERS = ['sandbox', 'tucompra', 'wompi'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** GET people/{id}/billing/balance. `balance` = pending − unapplied (what the family owes, net). */
export const ZBillingBalance = z.object({
  balance: z.number().int(),
  currency: z.string(),
  /** Outstanding of every unpaid debit, interest to today included. */
  pending: ZAmount,
  /** The part of `pending` past its expiration date. */
  overdue: ZAmount,
  /** Payments not applied to any debit yet ("payments to apply"). */
  unapplied: ZAmount,
  pendingCount: z.number().int(),
  overdueCount: z.number().int(),
});
export type BillingBalance = z.infer<typeof ZBillingBalance>;

export const ZDebitConcept = z.object({
  id: ZId,
  kind: z.enum(CONCEPT_KINDS),
  name: z.string(),
  observations: z.string(),
  value: ZAmount,
  /** Applied to this line so far. */
  paid: ZAmount,
});
export type DebitConcept = z.infer<typeof ZDebitConcept>;

/** A debit in a list (pending and paid tabs). */
export const ZDebitSummary = z.object({
  id: ZId,
  sequence: z.number().int(),
  /** The billed period, e.g. '2026-03'. */
  period: z.string(),
  description: z.string(),
  /** The student billed. */
  person: ZRef,
  issueDate: z.string(),
  expirationDate: z.string(),
  currency: z.string(),
  /** Sum of the charges. */
  value: ZAmount,
  /** Interest to today: added lines plus what accrues until the next payment. */
  interest: ZAmount,
  paid: ZAmount,
  /** value + interest − paid. */
  balance: ZAmount,
  status: z.enum(DEBIT_STATUSES),
  /** Day the balance reached 0. */
  paidOn: z.string().nullable(),
});
export type DebitSummary = z.infer<typeof ZDebitSummary>;

/** A credit's share applied to one line of one debit. */
export const ZDistribution = z.object({
  id: ZId,
  creditId: ZId,
  creditSequence: z.number().int(),
  debitId: ZId,
  debitSequence: z.number().int(),
  period: z.string(),
  conceptId: ZId,
  conceptName: z.string(),
  kind: z.enum(CONCEPT_KINDS),
  value: ZAmount,
  /** Effective date of the credit. */
  date: z.string(),
  method: z.enum(CREDIT_METHODS),
});
export type Distribution = z.infer<typeof ZDistribution>;

/** The school's interest rule (settings): simple interest on overdue charges after a grace period. */
export const ZInterestRule = z.strictObject({
  /** Monthly rate in percent (1.5 = 1.5 % a month, counted per day as rate × days / 30). 0 turns interest off. */
  monthlyRatePercent: z.number().min(0).max(10),
  graceDays: z.number().int().min(0).max(365),
});
export type InterestRule = z.infer<typeof ZInterestRule>;

/** An online payment as the payer sees it. */
export const ZPayment = z.object({
  id: ZId,
  debitId: ZId,
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  amount: ZPositiveAmount,
  currency: z.string(),
  /** Where the payer completes it (the provider's checkout); null once completed. */
  checkoutUrl: z.string().nullable(),
  /** The credit recorded when it was approved. */
  creditId: ZId.nullable(),
  createdAt: z.number().int(),
  completedAt: z.number().int().nullable(),
});
export type Payment = z.infer<typeof ZPayment>;

/** GET billing/debits/{id}. */
export const ZDebit = ZDebitSummary.extend({
  concepts: z.array(ZDebitConcept),
  /** Interest that accrues until the next payment, not yet a line. */
  accruingInterest: ZAmount,
  interestRule: ZInterestRule.nullable(),
  distributions: z.array(ZDistribution),
  /** The caller may pay it online (a relative, the student or staff, the debit not paid, a provider configured). */
  canPay: z.boolean(),
  /** The caller's latest online payment of this debit. */
  lastPayment: ZPayment.nullable(),
});
export type Debit = z.infer<typeof ZDebit>;

/** A credit (a payment received) in a list. */
export const ZCreditSummary = z.object({
  id: ZId,
  sequence: z.number().int(),
  person: ZRef,
  method: z.enum(CREDIT_METHODS),
  /** Day it was received. */
  date: z.string(),
  /** Day it counts from (interest stops accruing on what it pays). */
  effectiveDate: z.string(),
  currency: z.string(),
  value: ZPositiveAmount,
  applied: ZAmount,
  /** value − applied: "payments to apply". */
  unapplied: ZAmount,
  reference: z.string(),
});
export type CreditSummary = z.infer<typeof ZCreditSummary>;

/** GET billing/credits/{id}: the credit and how it was applied. */
export const ZCredit = ZCreditSummary.extend({
  note: z.string(),
  createdBy: ZRef.nullable(),
  paymentId: ZId.nullable(),
  distributions: z.array(ZDistribution),
  /** Staff: may apply or unapply it. */
  canManage: z.boolean(),
});
export type Credit = z.infer<typeof ZCredit>;

/** Query of the paged lists (page/limit; the total is in the X-Total-Count header). */
export const ZBillingListQuery = z.object({
  page: zQueryInteger(1, 100_000).default(1),
  limit: zQueryInteger(1, 100).default(20),
});
/** GET people/{id}/billing/credits: `balance=true` lists only credits with an unapplied balance. */
export const ZCreditListQuery = ZBillingListQuery.extend({
  balance: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});

/** POST billing/debits/{id}/payments answer (201). The amount is the server's, never the client's. */
export const ZPaymentStarted = z.object({
  id: ZId,
  status: z.enum(PAYMENT_STATUSES),
  checkoutUrl: z.string().nullable(),
  amount: ZPositiveAmount,
  currency: z.string(),
});
export type PaymentStarted = z.infer<typeof ZPaymentStarted>;

/** POST people/{id}/billing/credits: treasury records a payment received (optional Idempotency-Key header). */
export const ZManualCreditInput = z.strictObject({
  method: z.enum(CREDIT_METHODS).exclude(['online']),
  value: ZPositiveAmount,
  date: ZDay,
  effectiveDate: ZDay.optional(),
  reference: z.string().max(200).default(''),
  note: z.string().max(1000).default(''),
  /** Apply it at once: to `debitId`, or else to the oldest outstanding debits first. */
  apply: z.boolean().default(true),
  debitId: ZId.optional(),
});
export type ManualCreditInput = z.infer<typeof ZManualCreditInput>;

/** POST billing/credits/{id}/apply: apply the unapplied balance to one debit, or oldest first; `amount` caps it. */
export const ZApplyCreditInput = z.strictObject({ debitId: ZId.optional(), amount: ZPositiveAmount.optional() });
/** POST billing/credits/{id}/unapply: take back what it paid on one debit, or on every debit. */
export const ZUnapplyCreditInput = z.strictObject({ debitId: ZId.optional() });

/** GET billing/debtors: students with an overdue balance. */
export const ZDebtorsQuery = ZBillingListQuery.extend({
  node: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .optional(),
  minDaysOverdue: zQueryInteger(0, 3650).default(0),
});
export const ZDebtor = z.object({
  person: ZRef,
  /** Parent-like relatives (the family that pays). */
  relatives: z.array(ZRef),
  overdue: ZAmount,
  pending: ZAmount,
  overdueCount: z.number().int(),
  oldestExpiration: z.string(),
  daysOverdue: z.number().int(),
  currency: z.string(),
});
export type Debtor = z.infer<typeof ZDebtor>;

/** GET/PUT billing/settings (staff): the interest rule and the online provider in use. */
export const ZBillingSettings = z.object({
  currency: z.string(),
  interest: ZInterestRule,
  /** Provider of online payments: 'tucompra' when the school's tuCompra flag (§3) is set, else the configured one. */
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
});
export const ZBillingSettingsInput = z.strictObject({ interest: ZInterestRule });
