import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/journey';
import { DESKTOP, PHONE } from '../support/screenshots';
import { directoryTexts, fill, texts } from '../support/texts';
import { callApi, openSignedIn, personIdOf, sessionTokenOf } from './people-and-api';
import { actOnSelected, capture, countPattern, folderLoaded, mainNav, settledCount, switchOn, threadRow } from './screens';

const es = texts.es;
const dir = directoryTexts.es;

// The demo teacher (Carolina Restrepo) directs 7A; the demo parent (Andrés Gómez) is Valentina's father, in 7A.
const TEACHER_NAME = 'Carolina Restrepo Uribe';
const PARENT_CARD = 'Gómez Rojas, Andrés';
const CLASS = '7A';
// A parent of 5A only (Daniela Torres's father): not in the class the circular goes to.
const OTHER_PARENT = 'Óscar Torres';
const CIRCULAR = {
  title: 'Reunión de padres de 7A',
  opening: 'Les esperamos en el salón de 7A el ',
  bold: 'jueves a las 6:30 p. m.',
  closing: ' para hablar del cierre del periodo.',
};
const REPLY = 'Gracias, profesora. Allí estaremos los dos.';
const LIVE_TITLE = 'Mañana la salida es a las 12:00 m.';

test('a teacher sends a highlighted circular to the families of her class; a parent reads and answers it, files it away, and nobody else sees it', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const base = baseURL!;

  // An earlier journey may have left the demo parent in English; their own language wins after sign-in.
  const parentToken = await apiToken(base, 'demo', 'parent');
  expect((await callApi(base, 'demo', parentToken, 'PATCH', `people/${personIdOf(parentToken)}`, { language: 'es' })).status).toBe(200);

  // ── 1. The teacher writes the circular on her computer ─────────────────────────────────────────
  const teacher = await openSignedIn(browser, 'demo', 'teacher', DESKTOP);
  const tp = teacher.page;
  await tp.goto('/compose');
  await expect(tp.getByRole('heading', { name: es.screens.compose })).toBeVisible();
  await tp.getByLabel(dir.compose.type).selectOption('circular');
  await tp.getByLabel(dir.compose.title, { exact: true }).fill(CIRCULAR.title);

  const editor = tp.getByRole('textbox', { name: dir.compose.description, exact: true });
  await editor.click();
  await tp.keyboard.type(CIRCULAR.opening);
  const bold = tp.getByRole('button', { name: es.richTextEditor.bold, exact: true });
  await bold.click();
  await tp.keyboard.type(CIRCULAR.bold);
  await bold.click();
  await tp.keyboard.type(CIRCULAR.closing);
  await expect(editor.locator('strong')).toHaveText(CIRCULAR.bold);

  // Recipients by rule: the students of 7A, then their families too.
  await tp.getByRole('button', { name: dir.compose.rules.addFirst }).click();
  const group = tp.getByLabel(fill(dir.compose.rules.value, { index: 1 }), { exact: true });
  const classOption = group.locator('option').filter({ hasText: new RegExp(`^\\s*${CLASS} \\(`) });
  await expect(classOption).toHaveCount(1);
  await group.selectOption((await classOption.getAttribute('value'))!);
  await tp.getByRole('button', { name: dir.compose.rules.add }).click();
  await tp.getByLabel(fill(dir.compose.rules.field, { index: 2 }), { exact: true }).selectOption('role');
  await tp.getByLabel(fill(dir.compose.rules.value, { index: 2 }), { exact: true }).selectOption('student');
  const students = await settledCount(tp);
  expect(students).toBeGreaterThan(0);
  await switchOn(tp, dir.compose.relatives);
  const audience = await settledCount(tp);
  expect(audience).toBeGreaterThan(students);
  await tp.getByRole('button', { name: dir.compose.rules.showPeople }).click();
  await expect(tp.getByRole('list', { name: dir.compose.rules.sample })).toBeVisible();

  await switchOn(tp, dir.compose.settings.highlight);
  await expectNoSeriousA11yViolations(tp, '/compose');
  await capture(tp, 'posts-compose', tp.getByText(countPattern(dir.compose.rules.count_other)));

  await tp.getByRole('button', { name: dir.compose.publish, exact: true }).click();
  await expect(tp).toHaveURL(/\/sent\/\d+$/);
  const postId = Number(new URL(tp.url()).pathname.split('/').pop());
  // The count the compose screen showed is the count that received it.
  await expect(tp.getByText(fill(dir.sentPosts.justPublished_other, { count: audience }))).toBeVisible();
  const teacherToken = await sessionTokenOf(tp);
  const published = await callApi(base, 'demo', teacherToken, 'GET', `posts/${postId}`);
  expect(published.status).toBe(200);
  const threadId = (published.body as { thread: number }).thread;

  // ── 2. The parent finds it on the board and in the inbox, opens it and answers ────────────────
  const parent = await openSignedIn(browser, 'demo', 'parent', PHONE);
  const pp = parent.page;
  const card = pp.getByRole('article', { name: CIRCULAR.title });
  await expect(card).toBeVisible();
  await expect(card.locator('strong', { hasText: CIRCULAR.bold })).toBeVisible();
  await expect(card).toContainText(fill(es.postCard.audience.toPeople_other, { count: audience }));
  await expectNoSeriousA11yViolations(pp, '/highlights');
  await capture(pp, 'posts-highlights', card);

  await mainNav(pp).getByRole('link', { name: es.nav.inbox }).click();
  await expect(pp).toHaveURL(/\/inbox$/);
  const row = threadRow(pp, CIRCULAR.title);
  await expect(row).toBeVisible();
  await expect(row).toContainText(fill(es.threads.list.unreadCount_one, { count: 1 }));
  await expect(row).toContainText(es.threads.list.unread);
  await expect(row).toContainText(es.threads.list.highlighted);
  await expectNoSeriousA11yViolations(pp, '/inbox');
  await capture(pp, 'posts-inbox', row);

  await row.getByRole('link').click();
  await expect(pp).toHaveURL(new RegExp(`/threads/feed/${threadId}$`));
  // Replies carry the thread's title too: the circular is the first card.
  const first = pp.getByRole('article', { name: CIRCULAR.title }).first();
  await expect(first.locator('strong', { hasText: CIRCULAR.bold })).toBeVisible();
  await expect(pp.getByText(fill(es.threads.reply.toAuthor, { name: TEACHER_NAME }))).toBeVisible();
  await pp.getByLabel(es.threads.reply.label).fill(REPLY);
  await pp.getByRole('button', { name: es.threads.reply.send }).click();
  await expect(pp.getByText(es.threads.reply.sent)).toBeVisible();
  await expect(pp.getByRole('heading', { name: fill(es.threads.thread.replies_one, { count: 1 }) })).toBeVisible();
  await expect(pp.getByRole('article').filter({ hasText: REPLY })).toBeVisible();
  await expectNoSeriousA11yViolations(pp, '/threads/feed/{id}');
  await capture(pp, 'posts-thread', first);

  // ── 3. The teacher sees who read it, and the answer in her inbox ──────────────────────────────
  await tp.goto(`/sent/${postId}`);
  await expect(tp.getByText(fill(dir.sentPosts.readBy_other, { read: 1, count: audience }))).toBeVisible();
  await tp.getByText(`${dir.sentPosts.filterRead} (1)`, { exact: true }).click();
  const readers = tp.getByRole('list', { name: dir.sentPosts.recipientsList }).getByRole('listitem');
  await expect(readers).toHaveCount(1);
  await expect(readers.first()).toContainText(PARENT_CARD);
  await expect(readers.first()).toContainText(dir.sentPosts.read);
  await tp.getByText(`${dir.sentPosts.filterUnread} (${audience - 1})`, { exact: true }).click();
  await expect(tp.getByRole('list', { name: dir.sentPosts.recipientsList })).not.toContainText(PARENT_CARD);
  await tp.getByText(`${dir.sentPosts.filterAll} (${audience})`, { exact: true }).click();
  await expectNoSeriousA11yViolations(tp, '/sent/{id}');
  await capture(tp, 'posts-sent-receipts', tp.getByText(fill(dir.sentPosts.readBy_other, { read: 1, count: audience })));

  await mainNav(tp).getByRole('link', { name: es.nav.inbox }).click();
  const answered = threadRow(tp, CIRCULAR.title);
  await expect(answered).toContainText(fill(es.threads.list.unreadCount_one, { count: 1 }));
  await expect(answered).toContainText('Andrés Gómez Rojas');
  await answered.getByRole('link').click();
  await expect(tp).toHaveURL(new RegExp(`/threads/feed/${threadId}$`));
  await expect(tp.getByRole('article').filter({ hasText: REPLY })).toBeVisible();
  await expect(tp.getByText(es.threads.reply.toRecipients)).toBeVisible();

  // ── 4. The parent archives the conversation and brings it back ────────────────────────────────
  await mainNav(pp).getByRole('link', { name: es.nav.inbox }).click();
  await expect(threadRow(pp, CIRCULAR.title)).not.toContainText(es.threads.list.unread);
  await actOnSelected(pp, CIRCULAR.title, es.threads.selection.archive);
  await expect(pp.getByText(fill(es.threads.selection.done.archive_one, { count: 1 }))).toBeVisible();
  await expect(threadRow(pp, CIRCULAR.title)).toHaveCount(0);
  await pp.getByRole('navigation', { name: es.threads.folders.label }).getByRole('link', { name: es.threads.folders.archive }).click();
  await expect(pp).toHaveURL(/\/archive$/);
  await expect(threadRow(pp, CIRCULAR.title)).toBeVisible();
  await capture(pp, 'posts-archive');
  await actOnSelected(pp, CIRCULAR.title, es.threads.selection.feed);
  await expect(pp.getByText(fill(es.threads.selection.done.feed_one, { count: 1 }))).toBeVisible();
  await expect(threadRow(pp, CIRCULAR.title)).toHaveCount(0);
  await pp.getByRole('navigation', { name: es.threads.folders.label }).getByRole('link', { name: es.threads.folders.feed }).click();
  await expect(pp).toHaveURL(/\/inbox$/);
  await expect(threadRow(pp, CIRCULAR.title)).toBeVisible();

  // ── 5. A parent of another class, and the other school's parent, never see it ────────────────
  const adminToken = await apiToken(base, 'demo', 'admin');
  const found = await callApi(base, 'demo', adminToken, 'GET', `people?q=${encodeURIComponent(OTHER_PARENT)}`);
  expect(found.status).toBe(200);
  expect(found.body).toHaveLength(1);
  const [stranger] = found.body as { id: number }[];
  const issued = await callApi(base, 'demo', adminToken, 'POST', `people/${stranger.id}/login-tokens`, { expiresInMinutes: 30 });
  expect(issued.status).toBe(201);
  const link = new URL((issued.body as { url: string }).url);
  const outsider = await browser.newContext({ viewport: PHONE, locale: 'es-CO' });
  const op = await outsider.newPage();
  op.setDefaultTimeout(20_000);
  await op.goto(link.pathname + link.search);
  await expect(op).toHaveURL(/\/highlights$/);
  await expect(op.getByRole('list', { name: es.highlights.label }).or(op.getByRole('heading', { name: es.highlights.emptyTitle }))).toBeVisible();
  await expect(op.getByText(CIRCULAR.title)).toHaveCount(0);
  await mainNav(op).getByRole('link', { name: es.nav.inbox }).click();
  await folderLoaded(op, es.threads.empty.feed.title);
  await expect(op.getByText(CIRCULAR.title)).toHaveCount(0);
  const strangerToken = await sessionTokenOf(op);
  expect(personIdOf(strangerToken)).toBe(stranger.id);
  expect((await callApi(base, 'demo', strangerToken, 'GET', `posts/${postId}`)).status).toBe(404);
  await op.goto(`/threads/feed/${threadId}`);
  await expect(op.getByRole('heading', { name: es.threads.thread.unavailableTitle })).toBeVisible();
  await expect(op.getByText(CIRCULAR.bold)).toHaveCount(0);
  await outsider.close();

  const norte = await openSignedIn(browser, 'norte', 'parent', PHONE);
  await mainNav(norte.page).getByRole('link', { name: es.nav.inbox }).click();
  await folderLoaded(norte.page, es.threads.empty.feed.title);
  await expect(norte.page.getByText(CIRCULAR.title)).toHaveCount(0);
  const norteToken = await sessionTokenOf(norte.page);
  expect((await callApi(base, 'norte', norteToken, 'GET', `posts/${postId}`)).status).toBe(404);
  await norte.context.close();

  // ── 6. With the inbox open, a new message arrives without a reload ────────────────────────────
  await expect(threadRow(pp, CIRCULAR.title)).toBeVisible();
  await pp.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
  const framesBefore = parent.liveFrames.length;
  const sent = await callApi(base, 'demo', teacherToken, 'POST', `people/${personIdOf(teacherToken)}/posts/sent`, {
    type: 'message',
    title: LIVE_TITLE,
    description: '<p>Por la jornada pedagógica de docentes, mañana la salida es a las 12:00 m.</p>',
    audience: { people: [personIdOf(parentToken)], rules: null, relatives: false },
  });
  expect(sent.status).toBe(201);
  const arrived = threadRow(pp, LIVE_TITLE);
  await expect(arrived).toBeVisible({ timeout: 8_000 });
  await expect(arrived).toContainText(fill(es.threads.list.unreadCount_one, { count: 1 }));
  expect(await pp.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  expect(parent.liveFrames.slice(framesBefore).some((frame) => frame.includes('"threads.changed"'))).toBe(true);

  await parent.context.close();
  await teacher.context.close();
});
