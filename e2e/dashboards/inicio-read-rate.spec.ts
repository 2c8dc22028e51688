import { expect, test } from '../support/test';
import { es as dashboardsEs } from '../../packages/core/src/i18n/dashboardScreens/es';
import { callApi, openSignedIn, personIdOf } from '../posts/people-and-api';
import { capture } from '../posts/screens';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken, spanishSpeakingParent } from '../support/journey';
import { DESKTOP, PHONE } from '../support/screenshots';
import { fill, texts } from '../support/texts';

const d = dashboardsEs.dashboardScreens;
// A title of its own per run, so an earlier run's notice on the same server does not answer for this one.
const TITLE = `Simulacro de evacuación ${Date.now().toString(36)}`;

test('Inicio shows an urgent notice’s read rate, and it rises once a parent reads the notice', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;

  // ── 0. The administration sends an urgent notice to the demo parent and the teacher ──────────────
  const adminToken = await apiToken(base, 'demo', 'admin');
  const adminId = personIdOf(adminToken);
  const parent = await spanishSpeakingParent(base);
  const teacherId = personIdOf(await apiToken(base, 'demo', 'teacher'));
  const sent = await callApi(base, 'demo', adminToken, 'POST', `people/${adminId}/posts/sent`, {
    type: 'urgent_notice',
    title: TITLE,
    description: '<p>Mañana a las 9:00 hay simulacro de evacuación.</p>',
    audience: { people: [parent.id, teacherId], rules: null, relatives: false },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const { thread } = sent.body as { thread: number };

  // ── 1. The admin opens Inicio: the urgent posts' read rate lists the notice, read by nobody yet ─
  const admin = await openSignedIn(browser, 'demo', 'admin', DESKTOP);
  const ap = admin.page;
  await ap.goto('/admin');
  await expect(ap.getByRole('heading', { level: 1, name: d.home })).toBeVisible();
  const block = ap.getByRole('region', { name: d.kinds.readRate });
  const row = block.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText(new RegExp(`^0\\s?% · ${fill(d.figures.readRate.readOf, { read: 0, recipients: 2 })}$`));
  await expectNoSeriousA11yViolations(ap, '/admin');
  await capture(ap, 'dashboards-inicio', block);

  // ── 2. The parent, on his phone, opens the notice ────────────────────────────────────────────────
  const pp = (await openSignedIn(browser, 'demo', 'parent', PHONE)).page;
  await pp.goto(`/threads/feed/${thread}`);
  await expect(pp.getByRole('article', { name: TITLE }).first()).toBeVisible();

  // ── 3. Back on Inicio, the rate has risen to one reader of two ──────────────────────────────────
  await expect
    .poll(
      async () => {
        await ap.reload();
        await expect(row).toBeVisible();
        return (await row.getByRole('cell').textContent()) ?? '';
      },
      { message: 'the read rate after the parent read the notice', timeout: 30_000 },
    )
    .toMatch(new RegExp(`^50\\s?% · ${fill(d.figures.readRate.readOf, { read: 1, recipients: 2 })}$`));
  await capture(ap, 'dashboards-inicio-read', block);

  // ── 4. The block's editor (read, edit, delete) and Contenidos › Dashboards, where Inicio is edited ─
  await block.getByRole('link', { name: fill(d.view.editBlock, { name: d.kinds.readRate }) }).click();
  await expect(ap).toHaveURL(/\/admin\/blocks\/\d+$/);
  const editor = ap.getByRole('region', { name: d.kinds.readRate });
  await expect(editor.getByRole('row').filter({ hasText: TITLE })).toBeVisible();
  await editor.getByRole('button', { name: fill(texts.es.blocks.frame.edit, { name: d.kinds.readRate }) }).click();
  await expect(editor.getByLabel(d.block.limit)).toHaveValue('5');
  await expectNoSeriousA11yViolations(ap, '/admin/blocks/{id}');
  await capture(ap, 'dashboards-block-editor', editor);

  await ap.goto('/admin/dashboards');
  const list = ap.getByRole('list', { name: d.admin.list });
  await expect(list.getByRole('link', { name: fill(d.admin.open, { title: d.home }) })).toBeVisible();
  await expect(list.getByRole('button', { name: fill(d.admin.delete, { title: d.home }) })).toHaveCount(0);
  await list.getByRole('button', { name: fill(d.admin.edit, { title: d.home }) }).click();
  const form = ap.getByRole('form', { name: fill(d.admin.editing, { title: d.home }) });
  await expect(form.getByRole('list', { name: d.admin.blockList }).getByRole('listitem')).toHaveCount(6);
  await expectNoSeriousA11yViolations(ap, '/admin/dashboards?edit={id}');
  await capture(ap, 'dashboards-admin-editor', form);
});
