import { expect, test, type Page } from '../support/test';
import type { Roll } from '../../packages/core/src/schemas/attendance';
import type { Activity, ActivitySession } from '../../packages/core/src/schemas/activities';
import { es as esAdmin } from '../../packages/core/src/i18n/adminWorkspace/es';
import { es as attendanceTexts } from '../../packages/core/src/i18n/attendanceScreens/es';
import { pickDay } from '../calendar/screens';
import { pesos } from '../billing/screens';
import { mainNav } from '../posts/screens';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { spanishSpeakingParent } from '../support/journey';
import { captureBothWidths, DESKTOP, PHONE } from '../support/screenshots';
import { texts } from '../support/texts';
import {
  a,
  activityAs,
  activityCard,
  apiToken,
  callApi,
  dialog,
  eligibleChild,
  fill,
  isoWeekday,
  label,
  openByLink,
  openWithPassword,
  requestsOf,
  schoolDay,
  showChild,
  statesOf,
  tokenByLink,
} from './screens';

const es = texts.es;
const at = attendanceTexts.attendance;

// The demo (apps/server/src/db/seed/demo-people.ts): 3A holds Sofía Rodríguez (her mother María Fernanda
// Peña), Sebastián Hernández (his father Jorge Hernández) and Samuel Gómez, the demo parent's son; his
// sister Valentina is in 7A and not eligible. `teacher` (Carolina Restrepo) leads the activity.
const GROUP = '3A';
const FIRST_FAMILY = 'María Fernanda Peña';
const SECOND_FAMILY = 'Jorge Hernández';
const PRICE = 120_000;
const PERIODS = ['Primer bimestre', 'Segundo bimestre'];

test('issue 37 §3: the admin opens an activity with 2 places; three families ask, the third waits; one withdraws, the waiting child is offered the place and confirmed, billed, and the leader takes the first roll', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL!;
  // A name of its own, so a run never meets an earlier run's activity on the same server.
  const NAME = `Robótica ${Date.now().toString(36).slice(-6)}`;
  const today = schoolDay();
  const dues = [schoolDay(30), schoolDay(60)];
  const adminToken = await apiToken(base, 'demo', 'admin');

  // ── 1. The admin creates the activity in Administración › Extraescolares (desktop) ─────────────
  const admin = await openWithPassword(browser, 'admin', DESKTOP);
  const ap = admin.page;
  await mainNav(ap).getByRole('link', { name: es.nav.more }).click();
  await ap.getByRole('link', { name: es.screens.admin }).click();
  await ap.getByRole('navigation', { name: esAdmin.adminWorkspace.menu }).getByRole('link', { name: es.screens.extracurricular }).click();
  await expect(ap.getByRole('heading', { level: 1, name: es.screens.extracurricular })).toBeVisible();
  await ap.getByRole('button', { name: a.admin.add }).click();
  const form = ap.getByRole('form', { name: a.form.newTitle });
  await form.getByLabel(label(a.form.name)).fill(NAME);
  await form.getByLabel(label(a.form.description)).fill('Robots con piezas de colores.\nTraer cuaderno.');
  await pickDay(ap, form.getByLabel(label(a.form.termFrom)), today);
  await pickDay(ap, form.getByLabel(label(a.form.termTo)), schoolDay(90));
  // One weekly slot on today's weekday: today is the first session.
  const slot = form.getByRole('group', { name: fill(a.form.slot, { n: 1 }), exact: true });
  await slot.getByLabel(label(a.form.day)).selectOption(String(isoWeekday(today)));
  await slot.getByLabel(label(a.form.start)).fill('15:00');
  await slot.getByLabel(label(a.form.end)).fill('16:30');
  await form.getByLabel(label(a.form.place)).fill('Laboratorio 2');
  await form.getByLabel(label(a.form.places)).fill('2');
  await form.getByRole('checkbox', { name: new RegExp(`^\\s*${GROUP}( \\(.*\\))?$`) }).check();
  await form.getByLabel(new RegExp(`^${a.form.price.split(' (')[0]}`)).fill(String(PRICE));
  for (const [index, period] of PERIODS.entries()) {
    await form.getByRole('button', { name: a.form.addPeriod }).click();
    const row = form.getByRole('group', { name: fill(a.form.period, { n: index + 1 }), exact: true });
    await row.getByLabel(label(a.form.periodLabel)).fill(period);
    await pickDay(ap, row.getByLabel(label(a.form.periodDue)), dues[index]!);
  }
  await form.getByLabel(label(a.form.leader)).fill('Restrepo');
  await form.getByRole('list', { name: a.form.leaderResults }).getByRole('button', { name: /Carolina/ }).click();
  await expect(form.getByText('Carolina Restrepo Uribe')).toBeVisible();
  await form.getByRole('button', { name: a.form.create }).click();
  await expect(ap.getByText(a.admin.saved)).toBeVisible();
  await expect(ap.getByRole('heading', { level: 2, name: NAME })).toBeVisible();

  const listed = (await callApi(base, 'demo', adminToken, 'GET', 'activities')).body as Activity[];
  const created = listed.find((activity) => activity.name === NAME)!;
  expect(created).toMatchObject({ places: 2, placesLeft: 2, price: PRICE, termFrom: today, leader: { name: 'Carolina Restrepo Uribe' } });
  expect(created.periods).toEqual(PERIODS.map((period, index) => ({ label: period, dueDate: dues[index] })));
  expect(created.eligible.map((node) => node.name)).toEqual([GROUP]);
  const activityId = created.id;
  const sessions = (await callApi(base, 'demo', adminToken, 'GET', `activities/${activityId}/sessions`)).body as ActivitySession[];
  expect(sessions[0]).toMatchObject({ date: today, rollTaken: false });

  // ── 2. Two families ask through the API and hold the two places ───────────────────────────────
  const first = await openByLink(browser, base, adminToken, FIRST_FAMILY, PHONE);
  const second = await tokenByLink(base, adminToken, SECOND_FAMILY);
  const sofia = await eligibleChild(base, first.token, activityId);
  const sebastian = await eligibleChild(base, second.token, activityId);
  for (const [token, child] of [[first.token, sofia], [second.token, sebastian]] as const) {
    const asked = await callApi(base, 'demo', token, 'POST', `activities/${activityId}/requests`, { student: child.student.id });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: 'pending', position: null });
  }

  // The demo parent asks on his phone: More › Extraescolares, his son, then two taps. The class is full: he waits.
  await spanishSpeakingParent(base);
  const parent = await openWithPassword(browser, 'parent', PHONE);
  const pp = parent.page;
  const samuel = await eligibleChild(base, parent.token, activityId);
  const samuelNames = { name: samuel.student.name, activity: NAME };
  await mainNav(pp).getByRole('link', { name: es.nav.more }).click();
  await pp.getByRole('link', { name: es.screens.extracurricular }).click();
  await expect(pp).toHaveURL(/\/activities$/);
  await showChild(pp, samuel.student.name);
  const parentCard = activityCard(pp, NAME);
  await expect(parentCard).toContainText(a.card.full);
  await parentCard.getByRole('button', { name: fill(a.request.enrolLabel, samuelNames) }).click();
  const ask = dialog(pp, a.request.confirmTitle);
  await expect(ask).toContainText(fill(a.request.confirmFull, samuelNames));
  await ask.getByRole('button', { name: a.request.confirm }).click();
  await expect(ask).toBeHidden();
  await expect(parentCard).toContainText(fill(a.status.waiting, { position: 1 }));
  expect(await statesOf(base, adminToken, activityId)).toEqual({ [sofia.student.id]: 'pending', [sebastian.student.id]: 'pending', [samuel.student.id]: 'waiting 1' });

  // ── The admin accepts both pending requests at once ────────────────────────────────────────────
  await ap.getByRole('button', { name: fill(a.admin.requestsOf, { name: NAME }) }).click();
  await expect(ap.getByRole('heading', { level: 2, name: fill(a.admin.requestsOf, { name: NAME }) })).toBeVisible();
  const waitingList = ap.getByRole('list', { name: a.requests.waiting });
  await expect(waitingList).toContainText(samuel.student.name);
  await expect(waitingList.getByLabel(fill(a.requests.position, { position: 1 }))).toBeVisible();
  await ap.getByRole('checkbox', { name: a.requests.selectAll }).check();
  await expect(ap.getByRole('checkbox', { name: fill(a.requests.select, { name: sofia.student.name }) })).toBeChecked();
  await expect(ap.getByRole('checkbox', { name: fill(a.requests.select, { name: sebastian.student.name }) })).toBeChecked();
  await ap.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(ap, '/admin/extracurricular?requests= (two chosen to accept)');
  await captureBothWidths(ap, 'activities-admin-requests-chosen');
  await ap.getByRole('button', { name: a.requests.accept }).click();
  await expect(ap.getByText(fill(a.requests.decided_other, { count: 2 }))).toBeVisible();
  const acceptedList = ap.getByRole('list', { name: a.requests.accepted });
  await expect(acceptedList.getByRole('listitem')).toHaveCount(2);
  await expect(ap.getByText(a.requests.nonePending)).toBeVisible();
  expect(await statesOf(base, adminToken, activityId)).toEqual({ [sofia.student.id]: 'accepted', [sebastian.student.id]: 'accepted', [samuel.student.id]: 'waiting 1' });
  await ap.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(ap, '/admin/extracurricular?requests= (requests panel)');
  await captureBothWidths(ap, 'activities-admin-requests');

  // ── 3. The first family withdraws on her phone, with its confirmation ──────────────────────────
  const fp = first.page;
  const sofiaNames = { name: sofia.student.name, activity: NAME };
  await fp.goto('/activities');
  const firstCard = activityCard(fp, NAME);
  await expect(firstCard).toContainText(a.status.accepted);
  await firstCard.getByRole('button', { name: fill(a.request.withdrawLabel, sofiaNames) }).click();
  const leave = dialog(fp, a.request.withdrawTitle);
  await expect(leave).toContainText(fill(a.request.withdrawBody, sofiaNames));
  await leave.getByRole('button', { name: a.request.withdrawConfirm }).click();
  await expect(leave).toBeHidden();
  await expect(firstCard.getByRole('button', { name: fill(a.request.enrolLabel, sofiaNames) })).toBeVisible();

  // The freed place goes to the head of the list at once, for 48 hours.
  const before = Date.now();
  const offered = (await activityAs(base, parent.token, activityId)).children.find((child) => child.student.id === samuel.student.id)!.request!;
  expect(offered.status).toBe('offered');
  expect(offered.offerExpiresAt! - before).toBeGreaterThan(47 * 3_600_000);
  expect(offered.offerExpiresAt! - before).toBeLessThanOrEqual(48 * 3_600_000);

  // The parent sees "Plaza ofrecida" with its deadline, and confirms in one tap.
  await pp.reload();
  await showChild(pp, samuel.student.name);
  await expect(parentCard).toContainText(a.status.offered);
  await expect(parentCard).toContainText(a.offer.until.split('{{name}}')[0]!);
  const offerText = (await parentCard.textContent()) ?? '';
  // The deadline as the reader's language and clock write it (the screen's own choice of "es" or "es-CO").
  const deadlines = await pp.evaluate((at) => ['es', 'es-CO'].map((lang) => new Date(at).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })), offered.offerExpiresAt!);
  expect(deadlines.some((deadline) => offerText.includes(fill(a.offer.until, { ...samuelNames, date: deadline }))), `"${offerText}" names the deadline (${deadlines.join(' or ')})`).toBe(true);
  await pp.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(pp, '/activities (a place offered)');
  await captureBothWidths(pp, 'activities-family-offer', parentCard);
  await parentCard.getByRole('button', { name: a.offer.confirm, exact: true }).click();
  await expect(parentCard).toContainText(a.status.accepted);
  await expect(parentCard.getByRole('button', { name: a.offer.confirm, exact: true })).toHaveCount(0);
  expect(await statesOf(base, adminToken, activityId)).toEqual({ [sofia.student.id]: 'withdrawn', [sebastian.student.id]: 'accepted', [samuel.student.id]: 'accepted' });

  // ── 4. The family's billing shows the activity's debits, one per period, named for both ───────
  const pending = await callApi(base, 'demo', parent.token, 'GET', `people/${samuel.student.id}/billing/debits/pending?limit=100`);
  expect(pending.status).toBe(200);
  const debits = (pending.body as { id: number; description: string; amount: number }[]).filter((debit) => debit.description.startsWith(NAME));
  expect(debits.map((debit) => debit.description).sort()).toEqual(PERIODS.map((period) => `${NAME} — ${period}`).sort());
  // Sofía's family was accepted and withdrew: its debits, none paid, went with the place.
  const sofiaDebits = await callApi(base, 'demo', first.token, 'GET', `people/${sofia.student.id}/billing/debits/pending?limit=100`);
  expect((sofiaDebits.body as { description: string }[]).filter((debit) => debit.description.startsWith(NAME))).toEqual([]);

  await pp.goto(`/billing/${parent.id}?child=${samuel.student.id}`);
  for (const debit of debits) await expectDebitListed(pp, debit.id, debit.description);

  // ── 5. The leader takes the first session's roll: the two children present ─────────────────────
  const teacher = await openWithPassword(browser, 'teacher', PHONE);
  const tp = teacher.page;
  await tp.goto(`/attendance/checkpoint/${activityId}?date=${today}`);
  await expect(tp.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(tp.getByText(at.roll.notTaken)).toBeVisible();
  await expect(tp.getByRole('radio', { name: at.types.present, checked: true })).toHaveCount(2);
  await tp.getByRole('button', { name: fill(at.roll.saveRest, { count: 2 }) }).click();
  await expect(tp.getByRole('status', { name: at.sync.label })).toContainText(at.sync.synced, { timeout: 30_000 });
  const roll = (await callApi(base, 'demo', teacher.token, 'GET', `attendance/checkpoints/${activityId}/log?date=${today}`)).body as Roll;
  expect(roll.students.map((s) => [s.person.id, s.record?.type]).sort()).toEqual([[samuel.student.id, 'present'], [sebastian.student.id, 'present']].sort());
  const after = (await callApi(base, 'demo', adminToken, 'GET', `activities/${activityId}/sessions`)).body as ActivitySession[];
  expect(after[0]).toMatchObject({ date: today, rollTaken: true });
  expect((await requestsOf(base, adminToken, activityId)).filter((r) => r.status === 'accepted')).toHaveLength(2);

  await Promise.all([admin.context.close(), first.context.close(), parent.context.close(), teacher.context.close()]);
});

/** A debit's row in the family's pending list, paging on ("Ver más") until it shows. */
async function expectDebitListed(page: Page, debitId: number, description: string): Promise<void> {
  const list = page.getByRole('list', { name: es.billing.tabs.pending });
  const row = list.getByRole('listitem').filter({ has: page.locator(`a[href="/billing/debits/${debitId}"]`) });
  await expect(list).toBeVisible();
  await expect(async () => {
    if (!(await row.isVisible())) {
      const more = page.getByRole('button', { name: es.billing.more });
      if (await more.isVisible()) await more.click();
    }
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText(description);
  await expect(row).toContainText(pesos(PRICE));
}
