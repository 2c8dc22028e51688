import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { billingRoutes } from './billing.routes';
import { billingImportRoutes } from './billing.import.routes';
import { billingDocumentRoutes } from './billing.documents.routes';
import { billingReminderRoutes } from './billing.reminders.routes';
import { billingPaymentRoutes } from './billing.payments.routes';
import { billingPolicies } from './billing.policy';
import { billingDocumentPolicies } from './billing.documents.policy';
import { paymentPolicies } from './billing.payments.policy';
import { billingStaffPolicies } from './billing.staff.policy';
import { creditAccess, debitAccess } from './billing.access';
import { reconcilePaymentsJob } from './billing.reconcile';

type AnyJob = JobDefinition<never>;

/** The billing area as the server registers it (platform/area-manifest.ts). */
export const billingManifest = defineArea({
  area: 'billing',
  routes: [billingRoutes, billingImportRoutes, billingDocumentRoutes, billingReminderRoutes, billingPaymentRoutes],
  policies: [...Object.values(billingPolicies), ...Object.values(billingDocumentPolicies), ...Object.values(paymentPolicies), ...Object.values(billingStaffPolicies)],
  jobs: [reconcilePaymentsJob as AnyJob],
  access: { debitAccess, creditAccess },
  tables: ['billing_debits', 'billing_debit_concepts', 'billing_credits', 'billing_distributions', 'billing_counters', 'billing_imports', 'billing_payments', 'billing_refunds', 'billing_webhook_events', 'billing_webhook_refusals'],
  personData: { billing_debits: ['person_id', 'created_by'], billing_credits: ['person_id', 'created_by'], billing_distributions: ['created_by', 'reversed_by'], billing_imports: ['created_by'], billing_payments: ['person_id', 'payer_id'], billing_refunds: ['person_id', 'done_by'] },
});
