import { resolveCurrency, type InterestRule, type PaymentProvider } from '@patio/core';
import type { z } from 'zod';
import type { ZBillingSettings } from '@patio/core';
import type { RequestContext } from '../../http/context';
import type { Org } from '../../policy/policy';
import { findOrgByCode, updateOrgSettings } from '../org/index';
import { STUDENTS_SEE_OWN_BILLING_KEY, studentsSeeOwnBilling } from './billing.access';
import { INTEREST_SETTINGS_KEY, interestRuleOf } from './billing.ledger';
import { schoolProviderName } from './billing.payments';

// A school's billing settings (docs/decisions/019-billing-ledger.md): its currency (§9), its interest
// rule (private orgs.settings key `billing.interest`), the provider of its online payments, and whether
// students see their own billing (private key `billing.studentsSeeOwn`, billing.access.ts).

type BillingSettings = z.infer<typeof ZBillingSettings>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function publicOf(org: Pick<Org, 'settings'>): Record<string, unknown> {
  return isRecord(org.settings.public) ? org.settings.public : {};
}

/** The school's currency (§9): the currencyPostfix setting, else EUR for a .es school URL, else COP. */
export function currencyOf(org: Pick<Org, 'settings'>): string {
  const pub = publicOf(org);
  const postfix = typeof pub.currencyPostfix === 'string' ? pub.currencyPostfix : null;
  const url = [pub.url, pub.website, org.settings.legacyHost].find((v): v is string => typeof v === 'string' && v.length > 0) ?? null;
  return resolveCurrency({ currencyPostfix: postfix, orgUrl: url });
}

/** The provider of online payments: the one that takes them (tuCompra when flagged and configured, §3); null: none. */
export function providerOf(ctx: RequestContext): PaymentProvider | null {
  return schoolProviderName(ctx.services.config, ctx.org);
}

/** GET billing/settings. */
export function readBillingSettings(ctx: RequestContext): BillingSettings {
  return { currency: currencyOf(ctx.org), interest: interestRuleOf(ctx.org), provider: providerOf(ctx), studentsSeeOwnBilling: studentsSeeOwnBilling(ctx.org) };
}

/** PUT billing/settings: stores what it is sent of the interest rule and the students' view; other settings keys stay as they are. */
export async function updateBillingSettings(ctx: RequestContext, input: { interest?: InterestRule; studentsSeeOwnBilling?: boolean }): Promise<BillingSettings> {
  const org = await ctx.db.transaction().execute(async (trx) => {
    const current = (await findOrgByCode(trx, ctx.org.code)) ?? ctx.org;
    const settings = { ...current.settings };
    if (input.interest) settings[INTEREST_SETTINGS_KEY] = { monthlyRatePercent: input.interest.monthlyRatePercent, graceDays: input.interest.graceDays };
    if (input.studentsSeeOwnBilling !== undefined) settings[STUDENTS_SEE_OWN_BILLING_KEY] = input.studentsSeeOwnBilling;
    await updateOrgSettings(trx, ctx.org.id, settings);
    return { ...current, settings };
  });
  return readBillingSettings({ ...ctx, org });
}
