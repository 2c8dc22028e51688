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
  /** The school takes online payments at all (false: a production server without a gateway; the screen says how to pay instead). */
  paymentsAvailable: z.boolean(),
  /** The debit's open online payment, whoever started it (paying again answers it), else the caller's latest one. */
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
  /** Students see their own debits, credits and payments (default false: their parent-like relatives and billing staff do). */
  studentsSeeOwnBilling: z.boolean(),
});
/** PUT billing/settings: either setting or both; what is left out stays as it is. */
export const ZBillingSettingsInput = z
  .strictObject({ interest: ZInterestRule.optional(), studentsSeeOwnBilling: z.boolean().optional() })
  .refine((input) => input.interest !== undefined || input.studentsSeeOwnBilling !== undefined, { message: 'Send interest, studentsSeeOwnBilling or both' });

// Staff tools (issue 14 §4): debits imported from a spreadsheet, reminders to debtors' families; and
// the printable documents (§3 receipt and statement).

/** Columns of a debits file (Spanish and English titles are recognised; see the template). */
export const BILLING_IMPORT_COLUMNS = [
  'studentDocument', 'studentCode', 'period', 'description', 'issueDate', 'expirationDate', 'concept', 'observations', 'value', 'reference',
] as const;
export type BillingImportColumn = (typeof BILLING_IMPORT_COLUMNS)[number];

/** What a commit will do with one debit of the file. */
export const BILLING_IMPORT_ACTIONS = ['create', 'unchanged', 'update', 'error'] as const;
export type BillingImportAction = (typeof BILLING_IMPORT_ACTIONS)[number];

/** A problem with one debit of a file: the column (or '' for the whole row) and a stable code. */
export const ZBillingImportError = z.object({
  /** The spreadsheet row it was found on. */
  row: z.number().int(),
  column: z.string(),
  code: z.string().describe('invalid_amount, ambiguous_amount, unknown_student, invalid_date, expiration_before_issue, required, invalid_characters, too_long, debit_has_payments, reference_other_student, inconsistent_debit, column_missing'),
  message: z.string(),
});
export type BillingImportError = z.infer<typeof ZBillingImportError>;

/** One debit as the file describes it: the rows sharing a reference are its concepts. */
export const ZBillingImportRow = z.object({
  /** The first spreadsheet row of this debit. */
  row: z.number().int(),
  /** Every spreadsheet row of this debit (one per concept). */
  rows: z.array(z.number().int()),
  student: ZRef.nullable(),
  reference: z.string(),
  period: z.string(),
  description: z.string(),
  issueDate: z.string(),
  expirationDate: z.string(),
  concepts: z.array(z.object({ name: z.string(), observations: z.string(), value: ZAmount })),
  /** Sum of the concepts, minor units. */
  total: ZAmount,
  action: z.enum(BILLING_IMPORT_ACTIONS),
  /** The debit this reference already names (update, unchanged, or refused). */
  debitId: ZId.nullable(),
  errors: z.array(ZBillingImportError),
});
export type BillingImportRow = z.infer<typeof ZBillingImportRow>;

/** What a commit did. */
export const ZBillingImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Debits left out: errors in the file, or a payment applied since the preview. */
  skipped: z.number().int(),
});
export type BillingImportResult = z.infer<typeof ZBillingImportResult>;

/** POST billing/imports (201) and GET billing/imports/{id}: the preview, and the result once committed. */
export const ZBillingImport = z.object({
  id: ZId,
  fileName: z.string(),
  currency: z.string(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  rows: z.array(ZBillingImportRow),
  counts: z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), error: z.number().int() }),
  /** Columns found: column → index in the file. */
  columns: z.partialRecord(z.enum(BILLING_IMPORT_COLUMNS), z.number().int()),
  result: ZBillingImportResult.nullable(),
});
export type BillingImport = z.infer<typeof ZBillingImport>;

/** GET billing/imports/template.{format}. */
export const ZBillingTemplateQuery = z.object({ lang: z.enum(['es', 'en']).default('es') });

/** POST billing/reminders: a post to the families of students with an overdue balance. */
export const ZBillingReminderInput = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  message: z.string().trim().min(1).max(5000).optional(),
});
export type BillingReminderInput = z.infer<typeof ZBillingReminderInput>;
export const ZBillingReminder = z.object({ postId: ZId, recipients: z.number().int() });
export type BillingReminder = z.infer<typeof ZBillingReminder>;

/** GET people/{id}/billing/statement.pdf: the days it covers (default: the last 12 months to today). */
export const ZBillingStatementQuery = z.object({ from: ZDay.optional(), to: ZDay.optional() });

/** POST billing/providers/{provider}/webhook answer: the payment's status after the notification. */
export const ZWebhookReceived = z.object({ received: z.literal(true), status: z.enum(PAYMENT_STATUSES) });
export type WebhookReceived = z.infer<typeof ZWebhookReceived>;

/**
 * An approved online payment its debit could not take (paid meanwhile): the money waits on an online
 * credit "to apply", and treasury refunds it (or settles it with the family), then marks it done.
 */
export const ZRefund = z.object({
  id: ZId,
  paymentId: ZId,
  creditId: ZId,
  creditSequence: z.number().int(),
  debitId: ZId,
  person: ZRef,
  amount: ZPositiveAmount,
  currency: z.string(),
  /** When the payment was approved (epoch seconds). */
  createdAt: z.number().int(),
  doneAt: z.number().int().nullable(),
  doneBy: ZRef.nullable(),
  note: z.string(),
});
export type Refund = z.infer<typeof ZRefund>;
/** GET billing/refunds: `open` (default) waits for treasury, `done` was made. */
export const ZRefundListQuery = z.object({
  state: z.enum(['open', 'done']).default('open'),
  page: zQueryInteger(1, 100_000).default(1),
  limit: zQueryInteger(1, 100).default(20),
});
/** POST billing/refunds/{id}/done: how it was settled (a transfer number, "applied to March"…). */
export const ZRefundDoneInput = z.strictObject({
  note: z
    .string()
    .trim()
    .max(500)
    .refine((note) => !note.includes('\u0000'), 'A note may not hold NUL characters')
    .default(''),
});

/** POST of the sandbox checkout page (a form): how the payer ends the test payment. */
export const ZSandboxOutcome = z.object({ outcome: z.enum(['approved', 'declined']) });
