import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';

// The codes the billing API answers with that have their own words (billing.errors.*); any other
// code shows the server's message, and failures without one the app's generic sentence.
const KNOWN = new Set([
  'debit_paid',
  'payment_settled_meanwhile',
  'idempotency_key_reused',
  'no_debtors',
  'nothing_to_apply',
  'nothing_to_unapply',
  'no_provider',
  'forbidden',
  'not_found',
  'validation_failed',
  'invalid_file',
  'import_committed',
]);

/** A translated sentence for a refused billing request. */
export function describeBillingError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.code;
    if (code && KNOWN.has(code)) return t(`billing.errors.${code}`);
    if (code === 'payments_unavailable') return t('billing.online.unavailableBody');
    if (error.status === 403) return t('billing.errors.forbidden');
    const message = (error.body as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message.trim() && error.status < 500) return message;
  }
  return describeError(t, error);
}
