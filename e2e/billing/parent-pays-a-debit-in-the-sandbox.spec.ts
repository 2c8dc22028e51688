import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import type { BillingBalance, Credit, Debit, DebitSummary, Debtor } from '../../packages/core/src/schemas/billing';
import { openAsPersonNamed } from '../calendar/other-parent';
import { callApi, openSignedIn, personIdOf } from '../posts/people-and-api';
import { capture } from '../posts/screens';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/journey';
import { DESKTOP, PHONE } from '../support/screenshots';
import { fill, texts } from '../support/texts';
import { debitBalance, debitRow, debitStatus, expectCheckout, paymentNotice, payButton, payOnline, pesos, settleAtCheckout, watchPaymentStarts, withAmount, type PaymentStart } from './screens';

const es = texts.es;
const b = es.billing;

// The demo's billing (apps/server/src/db/seed/demo-billing.ts): ten months of tuition for each of the
// demo parent's two children, Valentina and Samuel: seven paid by treasury, one 45 days overdue with
// interest, two expiring in the coming weeks. Mateo Castro's family owes one overdue month.
const CHILDREN = ['Valentina Gómez', 'Samuel Gómez'];
/** A month of tuition: Pensión 450.000 + Alimentación 180.000 (whole pesos, COP). */
const PENSION = 450_000;
const FOOD = 180_000;
const MONTHLY = PENSION + FOOD;
const MONTHLY_IN_WORDS = /^seiscientos treinta mil\b/i;
// Another family: Mateo Castro's mother; her son's billing is hers, never the Gómez children's.
const OTHER_PARENT = 'Laura Pardo';
const DEBTOR = 'Mateo Castro';

const sameDebit = (a: { id: number }) => (d: { id: number }) => d.id === a.id;

test('a parent pays a pending debit in the sandbox and sees it paid with a receipt; a declined payment leaves it pending; a double click pays once; another family and the norte school see none of it', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;

  // ── 0. The family's billing as the API tells it; the debits the journey pays ─────────────────────
  const parentApiToken = await apiToken(base, 'demo', 'parent');
  const parentId = personIdOf(parentApiToken);
  expect((await callApi(base, 'demo', parentApiToken, 'PATCH', `people/${parentId}`, { language: 'es' })).status).toBe(200);
  const balanceBefore = (await callApi(base, 'demo', parentApiToken, 'GET', `people/${parentId}/billing/balance`)).body as BillingBalance;
  expect(balanceBefore.currency).toBe('COP');
  const unpaid = (await callApi(base, 'demo', parentApiToken, 'GET', `people/${parentId}/billing/debits/pending?limit=100`)).body as DebitSummary[];
  for (const child of CHILDREN) expect(unpaid.some((d) => d.person.name.startsWith(child)), `${child} owes something`).toBe(true);
  // Not yet expired, no interest: exactly a month of tuition. The first is paid, the second declined.
  const notDue = unpaid.filter((d) => d.status === 'pending' && d.balance === MONTHLY).sort((x, y) => x.expirationDate.localeCompare(y.expirationDate) || x.id - y.id);
  expect(notDue.length, 'two debits not yet due (a fresh demo has four)').toBeGreaterThanOrEqual(2);
  const [toPay, toDecline] = notDue as [DebitSummary, DebitSummary];
  // The double click: the overdue month of the child whose debit is not paid here (interest included).
  const overdue = unpaid.filter((d) => d.status === 'overdue');
  const doubleClicked = overdue.find((d) => d.person.id !== toPay.person.id) ?? overdue[0]!;
  expect(doubleClicked, 'an overdue debit').toBeTruthy();
  expect(doubleClicked.interest).toBeGreaterThan(0);

  // ── 1. The parent opens their billing: balance on top, pending charges first, both children ──────
  const parent = await openSignedIn(browser, 'demo', 'parent', PHONE);
  const pp = parent.page;
  await pp.goto(`/billing/${parentId}`);
  await expect(pp.getByRole('heading', { name: es.screens.billing, level: 1 })).toBeVisible();
  const balanceCard = pp.getByRole('region', { name: b.balance.title });
  await expect(balanceCard.locator('dl > div').filter({ hasText: b.balance.balance }).locator('dd')).toHaveText(pesos(balanceBefore.balance));
  await expect(balanceCard.locator('dl > div').filter({ hasText: b.balance.overdue }).locator('dd')).toContainText(pesos(balanceBefore.overdue), { useInnerText: true });
  await expect(balanceCard).toContainText(fill(b.balance.overdueCount_other, { count: balanceBefore.overdueCount }));
  await expect(pp.getByRole('tab', { name: b.tabs.pending })).toHaveAttribute('aria-selected', 'true');
  const pendingList = pp.getByRole('list', { name: b.tabs.pending });
  await expect(pendingList.getByRole('listitem')).toHaveCount(unpaid.length);
  await expect(pp.getByText(fill(b.count.pending_other, { count: unpaid.length }))).toBeVisible();
  for (const child of CHILDREN) await expect(pendingList.getByRole('listitem').filter({ hasText: child }).first()).toBeVisible();
  for (const debit of unpaid) {
    const row = debitRow(pp, b.tabs.pending, debit.id);
    await expect(row).toContainText(debit.description);
    await expect(row).toContainText(debit.person.name);
    await expect(row).toContainText(es.billing.status[debit.status]);
    await expect(row).toContainText(pesos(debit.balance));
  }
  await expect(debitRow(pp, b.tabs.pending, toPay.id)).toContainText(pesos(MONTHLY));
  await expectNoSeriousA11yViolations(pp, '/billing/:personId (family)');
  await capture(pp, 'billing-family');

  // ── 2. Opens a pending debit and pays it; the sandbox approves ───────────────────────────────────
  await debitRow(pp, b.tabs.pending, toPay.id).getByRole('link').click();
  await expect(pp).toHaveURL(new RegExp(`/billing/debits/${toPay.id}$`));
  await expect(pp.getByRole('heading', { name: fill(b.debit.title, { number: toPay.sequence }), level: 1 })).toBeVisible();
  await expect(debitStatus(pp)).toHaveText(b.status.pending);
  await expect(debitBalance(pp)).toHaveText(pesos(MONTHLY));
  const concepts = pp.getByRole('group', { name: b.concepts.title });
  await expect(concepts.getByRole('row').filter({ hasText: 'Pensión' })).toContainText(pesos(PENSION));
  await expect(concepts.getByRole('row').filter({ hasText: 'Alimentación' })).toContainText(pesos(FOOD));
  await expect(payButton(pp, MONTHLY)).toBeVisible();
  await expectNoSeriousA11yViolations(pp, '/billing/debits/:debitId (pending)');
  await capture(pp, 'billing-debit');

  const payment = await payOnline(pp, toPay.id, MONTHLY);
  expect(payment.amount).toBe(MONTHLY);

  // Back before the gateway has said anything (a second tab on the way back): the §8 notice, asked
  // again until the outcome comes.
  const waiting = await parent.context.newPage();
  waiting.setDefaultTimeout(20_000);
  await waiting.goto(`/billing/debits/${toPay.id}?payment=${payment.id}`);
  const pendingNotice = paymentNotice(waiting, b.payment.pendingTitle);
  await expect(pendingNotice).toContainText(b.payment.pendingBody);
  await expect(debitStatus(waiting)).toHaveText(b.status.pending);
  await capture(waiting, 'billing-payment-pending', pendingNotice);

  await settleAtCheckout(pp, 'approved', toPay.id, payment.id);
  await expect(paymentNotice(pp, b.payment.approvedTitle)).toContainText(withAmount(b.payment.approvedBody, MONTHLY, false));
  await expect(debitStatus(pp)).toContainText(b.status.paid);
  await expect(debitBalance(pp)).toHaveText(pesos(0));
  await expect(payButton(pp, MONTHLY)).toHaveCount(0);
  // The tab left waiting sees the outcome on its own, the debit paid.
  await expect(paymentNotice(waiting, b.payment.approvedTitle)).toBeVisible({ timeout: 15_000 });
  await expect(pendingNotice).toHaveCount(0);
  await expect(debitStatus(waiting)).toContainText(b.status.paid);
  await waiting.close();

  const paid = (await callApi(base, 'demo', parentApiToken, 'GET', `billing/debits/${toPay.id}`)).body as Debit;
  expect(paid.status).toBe('paid');
  expect(paid.balance).toBe(0);
  expect(paid.lastPayment).toMatchObject({ id: payment.id, status: 'approved', amount: MONTHLY });
  const creditId = paid.lastPayment!.creditId!;
  expect(creditId).toBeTruthy();
  await expect(pp.getByRole('region', { name: b.distribution.debitTitle })).toContainText(b.methods.online);
  await expectNoSeriousA11yViolations(pp, '/billing/debits/:debitId?payment= (approved)');
  await capture(pp, 'billing-debit-paid', paymentNotice(pp, b.payment.approvedTitle));

  // The paid tab lists it; the balance is a month smaller.
  await pp.goto(`/billing/${parentId}`);
  await expect(balanceCard.locator('dl > div').filter({ hasText: b.balance.balance }).locator('dd')).toHaveText(pesos(balanceBefore.balance - MONTHLY));
  await expect(debitRow(pp, b.tabs.pending, toPay.id)).toHaveCount(0);
  await pp.getByRole('tab', { name: b.tabs.paid }).click();
  await expect(pp).toHaveURL(/[?&]tab=2$/);
  const paidRow = debitRow(pp, b.tabs.paid, toPay.id);
  await expect(paidRow).toContainText(b.status.paid);
  await expect(paidRow).toContainText(toPay.person.name);
  await expect(paidRow).toContainText(pesos(MONTHLY));
  await capture(pp, 'billing-family-paid', paidRow);

  // The payment received: how it was applied, its value in Spanish words, its receipt as PDF.
  await pp.goto(`/billing/debits/${toPay.id}?payment=${payment.id}`);
  await paymentNotice(pp, b.payment.approvedTitle).getByRole('link', { name: b.payment.receipt }).click();
  await expect(pp).toHaveURL(new RegExp(`/billing/credits/${creditId}$`));
  const credit = (await callApi(base, 'demo', parentApiToken, 'GET', `billing/credits/${creditId}`)).body as Credit;
  expect(credit).toMatchObject({ method: 'online', value: MONTHLY, applied: MONTHLY, unapplied: 0, paymentId: payment.id });
  await expect(pp.getByRole('heading', { name: fill(b.credit.title, { number: credit.sequence }), level: 1 })).toBeVisible();
  const facts = pp.getByRole('region', { name: fill(b.credit.title, { number: credit.sequence }) });
  await expect(facts).toContainText(b.methods.online);
  await expect(facts.locator('dl > div').filter({ hasText: new RegExp(`^${b.credit.value}`) }).locator('dd')).toHaveText(pesos(MONTHLY));
  await expect(facts.locator('[lang="es"]')).toHaveText(MONTHLY_IN_WORDS);
  const distribution = pp.getByRole('group', { name: b.distribution.creditTitle });
  await expect(distribution.getByRole('link', { name: fill(b.debit.number, { number: toPay.sequence }) }).first()).toBeVisible();
  await expect(distribution.getByRole('row').filter({ hasText: 'Pensión' })).toContainText(pesos(PENSION));
  await expect(distribution.getByRole('row').filter({ hasText: 'Alimentación' })).toContainText(pesos(FOOD));
  await expect(distribution.getByRole('row').filter({ hasText: b.distribution.total })).toContainText(pesos(MONTHLY));
  await expectNoSeriousA11yViolations(pp, '/billing/credits/:creditId');
  await capture(pp, 'billing-credit');

  const receiptAnswer = pp.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/billing/credits/${creditId}/receipt.pdf`));
  const download = pp.waitForEvent('download');
  await pp.getByRole('button', { name: fill(b.receipt.download, { number: credit.sequence }) }).click();
  const receipt = await receiptAnswer;
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toMatch(/^application\/pdf/);
  const saved = await (await download).path();
  const bytes = readFileSync(saved);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(bytes.length).toBeGreaterThan(1_000);

  // ── 3. Another debit, declined at the sandbox: it stays pending and the screen says so ───────────
  await pp.goto(`/billing/debits/${toDecline.id}`);
  await expect(debitStatus(pp)).toHaveText(b.status.pending);
  const declined = await payOnline(pp, toDecline.id, MONTHLY);
  await settleAtCheckout(pp, 'declined', toDecline.id, declined.id);
  await expect(paymentNotice(pp, b.payment.declinedTitle)).toContainText(b.payment.declinedBody);
  await expect(debitStatus(pp)).toHaveText(b.status.pending);
  await expect(debitBalance(pp)).toHaveText(pesos(MONTHLY));
  await expect(payButton(pp, MONTHLY)).toBeVisible();
  const stillPending = (await callApi(base, 'demo', parentApiToken, 'GET', `billing/debits/${toDecline.id}`)).body as Debit;
  expect(stillPending).toMatchObject({ status: 'pending', balance: MONTHLY, paid: 0 });
  expect(stillPending.lastPayment).toMatchObject({ id: declined.id, status: 'declined', creditId: null });
  await expectNoSeriousA11yViolations(pp, '/billing/debits/:debitId?payment= (declined)');
  await capture(pp, 'billing-debit-declined', paymentNotice(pp, b.payment.declinedTitle));

  // ── 4. Pay pressed twice quickly: one payment ────────────────────────────────────────────────────
  const before = (await callApi(base, 'demo', parentApiToken, 'GET', `billing/debits/${doubleClicked.id}`)).body as Debit;
  await pp.goto(`/billing/debits/${doubleClicked.id}`);
  await expect(debitStatus(pp)).toHaveText(b.status.overdue);
  const watch = await watchPaymentStarts(pp, doubleClicked.id);
  await payButton(pp, before.balance).dblclick();
  await expect(pp).toHaveURL(/\/api\/demo\/billing\/providers\/sandbox\/checkout\//);
  // Give a second submit time to arrive, had there been one.
  await pp.waitForTimeout(1_500);
  await watch.stop();
  const started = watch.starts;
  expect(new Set(started.map((s) => s.id)).size, `payments started by a double click: ${JSON.stringify(started)}`).toBe(1);
  const [once] = started as [PaymentStart];
  await expectCheckout(pp, once.id, before.balance);
  const afterDouble = (await callApi(base, 'demo', parentApiToken, 'GET', `billing/debits/${doubleClicked.id}`)).body as Debit;
  expect(afterDouble.lastPayment).toMatchObject({ id: once.id, status: 'pending', amount: before.balance });
  if (before.lastPayment) expect(once.id).toBeGreaterThan(before.lastPayment.id);
  // Declined, so no payment is left open for the next run.
  await settleAtCheckout(pp, 'declined', doubleClicked.id, once.id);
  await expect(paymentNotice(pp, b.payment.declinedTitle)).toBeVisible();
  await parent.context.close();

  // ── 5. Another family: the Gómez billing is refused, on screen and by the API ────────────────────
  const other = await openAsPersonNamed(browser, base, OTHER_PARENT);
  const op = other.page;
  await op.goto(`/billing/${parentId}`);
  await expect(op.getByRole('heading', { name: es.refusal.person.notAllowedTitle })).toBeVisible();
  await expect(op.getByText(es.refusal.person.notAllowedBody)).toBeVisible();
  for (const child of CHILDREN) await expect(op.locator('body')).not.toContainText(child);
  await expect(op.getByRole('list', { name: b.tabs.pending })).toHaveCount(0);
  await expectNoSeriousA11yViolations(op, '/billing/:personId refused');
  await capture(op, 'billing-refused');
  await op.goto(`/billing/debits/${toPay.id}`);
  await expect(op.getByRole('heading', { name: es.refusal.person.notAllowedTitle })).toBeVisible();
  await expect(op.locator('body')).not.toContainText(toPay.description);
  await op.goto(`/billing/credits/${creditId}`);
  await expect(op.getByRole('heading', { name: es.refusal.person.notAllowedTitle })).toBeVisible();
  for (const path of [`people/${parentId}/billing/balance`, `people/${parentId}/billing/debits/pending`, `billing/debits/${toPay.id}`, `billing/credits/${creditId}`, `billing/credits/${creditId}/receipt.pdf`, `billing/payments/${payment.id}`]) {
    expect((await callApi(base, 'demo', other.token, 'GET', path)).status, `GET ${path} as another family`).toBe(403);
  }
  const refusedPay = await fetch(`${base}/api/demo/billing/debits/${toDecline.id}/payments`, { method: 'POST', headers: { authorization: `Bearer ${other.token}`, 'idempotency-key': 'another-family' } });
  expect(refusedPay.status).toBe(403);
  // Her own billing is her son's, and none of the Gómez children's.
  const hers = (await callApi(base, 'demo', other.token, 'GET', `people/${other.id}/billing/debits/pending`)).body as DebitSummary[];
  expect(hers.length).toBeGreaterThan(0);
  expect(hers.every((d) => d.person.name.startsWith(DEBTOR))).toBe(true);
  await op.goto(`/billing/${other.id}`);
  await expect(op.getByRole('list', { name: b.tabs.pending }).getByRole('listitem')).toHaveCount(hers.length);
  for (const debit of hers) await expect(debitRow(op, b.tabs.pending, debit.id)).toContainText(pesos(debit.balance));
  for (const child of CHILDREN) await expect(op.getByRole('list', { name: b.tabs.pending })).not.toContainText(child);
  await other.context.close();

  // ── 6. Colegio del Norte's administrator: none of demo's billing, by the API or on screen ─────────
  const norteAdminToken = await apiToken(base, 'norte', 'admin');
  const norteAdminId = personIdOf(norteAdminToken);
  for (const path of [`billing/debits/${toPay.id}`, `billing/debits/${toDecline.id}`, `billing/credits/${creditId}`, `billing/credits/${creditId}/receipt.pdf`, `people/${parentId}/billing/balance`, `people/${parentId}/billing/debits/paid`, `people/${toPay.person.id}/billing/credits`, `billing/payments/${payment.id}`]) {
    expect((await callApi(base, 'norte', norteAdminToken, 'GET', path)).status, `GET norte/${path}`).toBe(404);
  }
  // Norte's token at demo's door.
  expect((await callApi(base, 'demo', norteAdminToken, 'GET', `billing/debits/${toPay.id}`)).status).toBe(403);
  expect((await callApi(base, 'demo', norteAdminToken, 'GET', 'billing/debtors')).status).toBe(403);
  const norteDebtors = (await callApi(base, 'norte', norteAdminToken, 'GET', 'billing/debtors')).body as Debtor[];
  for (const name of [...CHILDREN, DEBTOR]) expect(norteDebtors.some((d) => d.person.name.startsWith(name))).toBe(false);
  const norteParentId = personIdOf(await apiToken(base, 'norte', 'parent'));
  const norteDebits = (await callApi(base, 'norte', norteAdminToken, 'GET', `people/${norteParentId}/billing/debits/pending`)).body as DebitSummary[];
  expect(norteDebits.length, "norte's own family owes a month").toBeGreaterThan(0);
  expect(norteDebits.filter((d) => unpaid.some(sameDebit(d)))).toEqual([]);

  const norte = await openSignedIn(browser, 'norte', 'admin', DESKTOP);
  const np = norte.page;
  await np.goto(`/billing/${norteAdminId}`);
  await expect(np.getByRole('heading', { name: b.empty.pendingTitle })).toBeVisible();
  await np.goto(`/billing/${norteParentId}`);
  await expect(np.getByRole('list', { name: b.tabs.pending }).getByRole('listitem')).toHaveCount(norteDebits.length);
  for (const name of [...CHILDREN, DEBTOR]) await expect(np.locator('body')).not.toContainText(name);
  await np.goto('/billing/admin');
  await expect(np.getByRole('tab', { name: b.admin.tabs.debtors })).toHaveAttribute('aria-selected', 'true');
  await expect(np.getByRole('heading', { name: b.debtors.emptyTitle }).or(np.getByRole('list', { name: b.admin.tabs.debtors }))).toBeVisible();
  for (const name of [...CHILDREN, DEBTOR]) await expect(np.locator('body')).not.toContainText(name);
  await np.goto(`/billing/debits/${toPay.id}`);
  await expect(np.getByRole('heading', { name: es.refusal.person.notFoundTitle })).toBeVisible();
  await np.goto(`/billing/${parentId}`);
  await expect(np.getByRole('heading', { name: es.refusal.person.notFoundTitle })).toBeVisible();
  await norte.context.close();

  // ── 7. The demo school's treasury: the overdue families among the debtors ────────────────────────
  const adminToken = await apiToken(base, 'demo', 'admin');
  const debtors = (await callApi(base, 'demo', adminToken, 'GET', 'billing/debtors?limit=100')).body as Debtor[];
  const castro = debtors.find((d) => d.person.name.startsWith(DEBTOR))!;
  expect(castro, `${DEBTOR} is a debtor`).toBeTruthy();
  expect(castro.relatives.map((r) => r.name)).toContainEqual(expect.stringMatching(new RegExp(`^${OTHER_PARENT}`)));
  const admin = await openSignedIn(browser, 'demo', 'admin', DESKTOP);
  const ap = admin.page;
  await ap.goto('/billing/admin');
  await expect(ap.getByRole('heading', { name: es.screens.billingAdmin, level: 1 })).toBeVisible();
  await expect(ap.getByRole('tab', { name: b.admin.tabs.debtors })).toHaveAttribute('aria-selected', 'true');
  const debtorList = ap.getByRole('list', { name: b.admin.tabs.debtors });
  await expect(ap.getByText(fill(b.debtors[debtors.length === 1 ? 'count_one' : 'count_other'], { count: debtors.length }))).toBeVisible();
  const castroRow = debtorList.getByRole('listitem').filter({ hasText: castro.person.name });
  await expect(castroRow).toContainText(fill(b.debtors.family, { names: castro.relatives.map((r) => r.name).join(', ') }));
  await expect(castroRow).toContainText(fill(b.debtors.days_other, { count: castro.daysOverdue }));
  await expect(castroRow).toContainText(pesos(castro.overdue));
  for (const child of CHILDREN) await expect(debtorList.getByRole('listitem').filter({ hasText: child })).toHaveCount(1);
  await expectNoSeriousA11yViolations(ap, '/billing/admin');
  await capture(ap, 'billing-admin-debtors');
  // Treasury's view of the family the parent paid for: the online payment among the recent payments.
  await ap.goto(`/billing/${parentId}?tab=4`);
  await expect(ap.getByRole('tab', { name: b.tabs.payments })).toHaveAttribute('aria-selected', 'true');
  await expect(ap.getByRole('list', { name: b.tabs.payments }).getByRole('listitem').filter({ hasText: b.methods.online }).first()).toBeVisible();
  await capture(ap, 'billing-family-staff');
  await admin.context.close();
});
