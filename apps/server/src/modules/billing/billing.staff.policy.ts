import { z } from 'zod';
import { definePolicy, zId, type PolicyContext } from '../../policy/policy';
import { isBillingStaff as keepsAccounts } from './billing.access';

// Billing staff's tools (issue 14 §4; decision 019 "Who sees and does what"): importing debits,
// reminding debtors' families, and the refunds of payments that came after their debit was paid. Billing staff are school administrators and school-wide employees
// (treasury); teachers are not.

const isBillingStaff = ({ caller }: PolicyContext<unknown>) => caller !== null && keepsAccounts(caller);

const importParams = z.object({ id: zId });

export const billingStaffPolicies = {
  /** POST billing/imports: upload a CSV/XLSX of debits, answered as a preview. */
  createImport: definePolicy({ method: 'POST', path: 'billing/imports', check: isBillingStaff }),
  /** GET billing/imports/template.xlsx: the debits template. */
  readTemplateXlsx: definePolicy({ method: 'GET', path: 'billing/imports/template.xlsx', check: isBillingStaff }),
  /** GET billing/imports/template.csv: the template's title line. */
  readTemplateCsv: definePolicy({ method: 'GET', path: 'billing/imports/template.csv', check: isBillingStaff }),
  /** GET billing/imports/{id}: the preview, and the result once committed. */
  readImport: definePolicy({ method: 'GET', path: 'billing/imports/:id', params: importParams, check: isBillingStaff }),
  /** POST billing/imports/{id}/commit: write the debits in one transaction. */
  commitImport: definePolicy({ method: 'POST', path: 'billing/imports/:id/commit', params: importParams, check: isBillingStaff }),
  /** POST billing/reminders: a payment reminder post to the families of debtors. */
  createReminder: definePolicy({ method: 'POST', path: 'billing/reminders', check: isBillingStaff }),
  /** GET billing/refunds: approved online payments their debit could not take, for treasury to refund. */
  listRefunds: definePolicy({ method: 'GET', path: 'billing/refunds', check: isBillingStaff }),
  /** POST billing/refunds/{id}/done: treasury refunded (or settled) it. */
  completeRefund: definePolicy({ method: 'POST', path: 'billing/refunds/:id/done', params: importParams, check: isBillingStaff }),
};
