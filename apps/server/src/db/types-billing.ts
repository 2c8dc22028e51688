import type { ColumnType, Generated } from 'kysely';

// Tables of migration 018-billing. Money columns are bigint minor units: SQLite answers numbers,
// PostgreSQL strings, so a read is `number | string` and goes through billing's toMoney().

/** A bigint amount: written as a number, read as whatever the driver answers. */
export type Money = ColumnType<number | string, number, number>;
type MoneyDefault = ColumnType<number | string, number | undefined, number>;

export interface BillingCounterTable {
  org_id: number;
  /** 'debit' or 'credit'. */
  name: string;
  value: number;
}

export interface BillingDebitTable {
  org_id: number;
  id: Generated<number>;
  /** The student billed. */
  person_id: number;
  sequence: number;
  period: string;
  description: Generated<string>;
  issue_date: string;
  expiration_date: string;
  currency: string;
  /** Sum of the charge lines. */
  value: MoneyDefault;
  /** Sum of the interest lines. */
  interest: MoneyDefault;
  /** Sum of the active distributions on its lines. */
  paid: MoneyDefault;
  /** Day from which interest not yet added as a line accrues. */
  interest_from: string;
  /** Day the balance reached 0; null while anything is owed. */
  paid_on: string | null;
  /** The import's key for this debit (unique per school). */
  reference: string | null;
  import_id: number | null;
  created_by: number | null;
  created_at: string;
}

export interface BillingDebitConceptTable {
  org_id: number;
  id: Generated<number>;
  debit_id: number;
  position: number;
  /** 'charge' or 'interest'. */
  kind: string;
  name: string;
  observations: Generated<string>;
  value: Money;
  paid: MoneyDefault;
  created_at: string;
}

export interface BillingCreditTable {
  org_id: number;
  id: Generated<number>;
  person_id: number;
  sequence: number;
  /** CreditMethod (@patio/core). */
  method: string;
  date: string;
  effective_date: string;
  currency: string;
  value: Money;
  applied: MoneyDefault;
  reference: Generated<string>;
  note: Generated<string>;
  payment_id: number | null;
  /** '{creatorId}:{Idempotency-Key}' of a treasury submit. */
  idempotency_key: string | null;
  created_by: number | null;
  created_at: string;
}

export interface BillingDistributionTable {
  org_id: number;
  id: Generated<number>;
  credit_id: number;
  debit_id: number;
  concept_id: number;
  value: Money;
  created_by: number | null;
  created_at: string;
  reversed_by: number | null;
  reversed_at: string | null;
}

export interface BillingPaymentTable {
  org_id: number;
  id: Generated<number>;
  debit_id: number;
  /** The student whose debit it pays. */
  person_id: number;
  /** Who started it. */
  payer_id: number;
  /** PaymentProvider (@patio/core). */
  provider: string;
  idempotency_key: string;
  amount: Money;
  currency: string;
  /** PaymentStatus (@patio/core). */
  status: string;
  /** The gateway's id of the transaction. */
  provider_ref: string | null;
  checkout_url: string | null;
  credit_id: number | null;
  failure: string | null;
  created_at: string;
  completed_at: string | null;
  /** Last time the reconcile job asked the provider about it. */
  checked_at: string | null;
}

export interface BillingSandboxChargeTable {
  org_id: number;
  token: string;
  payment_id: number;
  amount: Money;
  currency: string;
  /** 'approved' | 'declined' once the payer chose. */
  outcome: string | null;
  created_at: string;
  completed_at: string | null;
  webhook_sent_at: string | null;
}

export interface BillingWebhookEventTable {
  org_id: number;
  id: Generated<number>;
  provider: string;
  payment_id: number | null;
  verified: number;
  /** What we did: 'applied', 'declined', 'duplicate', 'invalid_signature', 'payment_not_found'… */
  outcome: string;
  body: string;
  received_at: string;
}

export interface BillingImportTable {
  org_id: number;
  id: Generated<number>;
  created_by: number;
  created_at: string;
  file_name: string;
  /** JSON: the parsed rows and their errors, as previewed. */
  preview: string;
  committed_at: string | null;
  /** JSON: the commit's counts. */
  result: string | null;
}

/** Migration 023: an approved online payment its debit could not take, for treasury to refund or settle. */
export interface BillingRefundTable {
  org_id: number;
  id: Generated<number>;
  payment_id: number;
  /** The online credit holding the money ("payments to apply"). */
  credit_id: number;
  person_id: number;
  debit_id: number;
  /** What the debit could not take, in minor units. */
  amount: Money;
  currency: string;
  created_at: string;
  done_at: string | null;
  done_by: number | null;
  note: ColumnType<string, string | undefined, string>;
}

/** Migration 023: refused webhook notifications, counted (their bodies are never kept). */
export interface BillingWebhookRefusalTable {
  org_id: number;
  provider: string;
  /** invalid_signature, invalid_notification, unsupported_event, payment_not_found. */
  reason: string;
  count: number;
  last_at: string;
}

export interface BillingTables {
  billing_counters: BillingCounterTable;
  billing_debits: BillingDebitTable;
  billing_debit_concepts: BillingDebitConceptTable;
  billing_credits: BillingCreditTable;
  billing_distributions: BillingDistributionTable;
  billing_payments: BillingPaymentTable;
  billing_sandbox_charges: BillingSandboxChargeTable;
  billing_webhook_events: BillingWebhookEventTable;
  billing_imports: BillingImportTable;
  billing_refunds: BillingRefundTable;
  billing_webhook_refusals: BillingWebhookRefusalTable;
}
