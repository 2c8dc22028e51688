// The billing area to the rest of the server (.dependency-cruiser.cjs): the ledger of debits, credits
// and distributions (issue 14; docs/decisions/019-billing-ledger.md).
export {
  applyCredit,
  createDebit,
  debitBalanceToday,
  findDebitForBalance,
  INTEREST_SETTINGS_KEY,
  interestRuleOf,
  nextSequence,
  recordCredit,
  todayOf,
  toMoney,
  unapplyCredit,
  type LedgerDebitRow,
  type NewCredit,
  type NewDebit,
} from './billing.ledger';
export { cancelUntouchedDebits } from './billing.cancel';
export { billingRoutes } from './billing.routes';
export { billingPolicies } from './billing.policy';
export { billingFamilyOf, creditAccess, debitAccess, isBillingStaff, readsBillingOf, seesBillingRowOf } from './billing.access';
export { currencyOf, providerOf } from './billing.settings';
export { namesOf, readBalance, toDebitSummary } from './billing.read';
export { findUnpaidDebitsIssuedIn, sumCreditsReceivedIn, type BillingPeriodFilter } from './billing.queries';
export { billingImportRoutes } from './billing.import.routes';
export { billingPaymentRoutes } from './billing.payments.routes';
export { paymentPolicies } from './billing.payments.policy';
export { schoolProviderName, toPayment } from './billing.payments';
export { reconcilePaymentsJob, reconcilePayments, type ReconcilePayload } from './billing.reconcile';
export { billingDocumentRoutes } from './billing.documents.routes';
export { billingReminderRoutes } from './billing.reminders.routes';
export { billingManifest } from './billing.manifest';
