import { BILLING_DEFAULT_TAB } from '@patio/core/constants';

/**
 * The tabs of /billing/{personId}, in the spec's order (§3: pending charges, paid items, payments to
 * apply, recent payments). Spec §9 "Billing default tab 1" counts from 1, as people count tabs and as
 * ?tab= in the address does: tab 1 is pending charges, what a family opens the screen for. Read
 * 0-based it would open on paid items, which nobody comes to see first.
 */
export const BILLING_TABS = ['pending', 'paid', 'toApply', 'payments'] as const;
export type BillingTab = (typeof BILLING_TABS)[number];

/** The tab a ?tab= value names (1…4), else the default tab. */
export function billingTabOf(param: string | null): BillingTab {
  const number = Number(param);
  const index = Number.isInteger(number) && number >= 1 && number <= BILLING_TABS.length ? number : BILLING_DEFAULT_TAB;
  return BILLING_TABS[index - 1];
}

/** The ?tab= value of a tab (1-based). */
export function tabParamOf(tab: BillingTab): string {
  return String(BILLING_TABS.indexOf(tab) + 1);
}
