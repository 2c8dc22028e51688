// What the billing journey does and reads on its screens (a family's billing, a debit, a payment
// received, the sandbox gateway's checkout), named after what a person does there; labels come from
// the app's own dictionaries.
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { texts } from '../support/texts';

const es = texts.es;
const b = es.billing;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole Colombian pesos as es-CO writes them ('$ 630.000'), as a pattern fragment (any space after the sign). */
export function pesosSource(amount: number): string {
  const grouped = String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `\\$\\s?${escape(grouped)}`;
}

/** Whole Colombian pesos as es-CO writes them, as a pattern found anywhere in a text. */
export function pesos(amount: number): RegExp {
  return new RegExp(`${pesosSource(amount)}(?![\\d.])`);
}

/** A dictionary text whose {{amount}} is `amount` pesos, as a pattern (of the whole text when anchored). */
export function withAmount(template: string, amount: number, anchored = true): RegExp {
  const [before, after] = template.split(/\{\{\s*amount\s*\}\}/);
  const body = `${escape(before ?? '')}${pesosSource(amount)}${escape(after ?? '')}`;
  return new RegExp(anchored ? `^${body}$` : body);
}

/** The row of a debit in a tab's list (each row is a link to the debit). */
export function debitRow(page: Page, tabName: string, debitId: number): Locator {
  return page.getByRole('list', { name: tabName }).getByRole('listitem').filter({ has: page.locator(`a[href="/billing/debits/${debitId}"]`) });
}

/** The Pay online button of a debit screen, for the debit's balance. */
export function payButton(page: Page, amount: number): Locator {
  return page.getByRole('button', { name: withAmount(b.pay.button, amount) });
}

/** The state shown among the debit's facts ("Pendiente", "Pagado"…). */
export function debitStatus(page: Page): Locator {
  return page.getByRole('region', { name: /^Cobro n\.º/ }).locator('dl > div').filter({ hasText: b.debit.status }).locator('dd');
}

/** What is left to pay, among the debit's facts. */
export function debitBalance(page: Page): Locator {
  return page.getByRole('region', { name: /^Cobro n\.º/ }).locator('dl > div').filter({ hasText: b.debit.balance }).locator('dd');
}

/** The notice of the debit screen after the checkout (spec §8), by its title. */
export function paymentNotice(page: Page, title: string): Locator {
  return page.getByRole(title === b.payment.declinedTitle ? 'alert' : 'status').filter({ hasText: title });
}

export interface PaymentStart {
  status: number;
  id: number;
  amount: number;
}

/**
 * Records every POST billing/debits/{id}/payments the page sends, with the server's answer: the
 * requests pass through to the server unchanged, and their bodies are read before the browser
 * leaves for the checkout (after that, a page's responses can no longer be read).
 */
export async function watchPaymentStarts(page: Page, debitId: number): Promise<{ starts: PaymentStart[]; stop: () => Promise<void> }> {
  const starts: PaymentStart[] = [];
  const pattern = new RegExp(`/api/demo/billing/debits/${debitId}/payments$`);
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { id: number; amount: number };
    starts.push({ status: response.status(), id: body.id, amount: body.amount });
    await route.fulfill({ response });
  };
  await page.route(pattern, handler);
  return { starts, stop: () => page.unroute(pattern, handler) };
}

/**
 * Presses Pay on the debit screen and follows the browser to the sandbox gateway's checkout page;
 * answers the payment the server started.
 */
export async function payOnline(page: Page, debitId: number, amount: number): Promise<PaymentStart> {
  const watch = await watchPaymentStarts(page, debitId);
  await payButton(page, amount).click();
  await expect(page).toHaveURL(/\/api\/demo\/billing\/providers\/sandbox\/checkout\/[A-Za-z0-9_-]+$/);
  await watch.stop();
  expect(watch.starts.map((s) => s.status)).toEqual([201]);
  const payment = watch.starts[0]!;
  await expectCheckout(page, payment.id, amount);
  return payment;
}

/** The sandbox checkout page: the school, the payment and its amount, and the two outcomes. */
export async function expectCheckout(page: Page, paymentId: number, amount: number): Promise<void> {
  await expect(page.getByText(`Pago / Payment #${paymentId}`)).toBeVisible();
  await expect(page.locator('.amount')).toHaveText(pesos(amount));
  await expect(page.getByRole('button', { name: 'Aprobar / Approve' })).toBeVisible();
}

/** Ends the sandbox payment with `outcome` and waits to be back on the debit with ?payment=. */
export async function settleAtCheckout(page: Page, outcome: 'approved' | 'declined', debitId: number, paymentId: number): Promise<void> {
  await page.getByRole('button', { name: outcome === 'approved' ? 'Aprobar / Approve' : 'Rechazar / Decline' }).click();
  await expect(page).toHaveURL(new RegExp(`/billing/debits/${debitId}\\?payment=${paymentId}$`));
}
