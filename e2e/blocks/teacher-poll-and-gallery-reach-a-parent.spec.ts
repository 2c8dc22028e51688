import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/journey';
import { DESKTOP, PHONE } from '../support/screenshots';
import { directoryTexts, fill, texts } from '../support/texts';
import { callApi, openSignedIn, personIdOf, sessionTokenOf } from '../posts/people-and-api';
import { capture } from '../posts/screens';
import { parseCsv } from './csv';
import { drawPhotos } from './images';
import {
  addBlock,
  addressClassAndFamilies,
  blockList,
  expectImagesLoaded,
  galleryModeOn,
  imageViewer,
  moveBlockUpByKeyboard,
  uploadThroughDropzone,
  writePoll,
} from './screens';

const es = texts.es;
const dir = directoryTexts.es;
const FILES = es.blocks.frame.types.files;
const FORM = es.blocks.frame.types.form;

// The demo teacher directs 7A; the demo parent (Andrés Gómez) is Valentina's father, in 7A.
const CLASS = '7A';
const PARENT_NAME = 'Andrés';
const POST_TITLE = 'Feria de la ciencia de 7A';
const POLL = {
  title: 'Asistencia a la feria',
  who: { title: '¿Quién asistirá?', choices: ['Mamá', 'Papá', 'Los dos'] },
  help: '¿Puede ayudar con el montaje?',
  notes: 'Comentarios',
};
const CHOICE = 'Los dos';
const NOTE = 'Llegamos a las 7:30 para ayudar.';
const PHOTOS = 7;

/** A file resource as the folder lists it (the part this journey reads). */
interface ListedFile {
  id: number;
  name: string;
  url: string;
}

test('a teacher adds a poll and a gallery to a post; a parent answers and opens the gallery; the teacher sees the results and the CSV', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const base = baseURL!;
  const photos = await drawPhotos(PHOTOS);

  // An earlier journey may have left the demo parent in English; their own language wins after sign-in.
  const parentApiToken = await apiToken(base, 'demo', 'parent');
  expect((await callApi(base, 'demo', parentApiToken, 'PATCH', `people/${personIdOf(parentApiToken)}`, { language: 'es' })).status).toBe(200);

  // ── 1. The teacher composes a post with a poll and a gallery ──────────────────────────────────
  const teacher = await openSignedIn(browser, 'demo', 'teacher', DESKTOP);
  const tp = teacher.page;
  await tp.goto('/compose');
  await expect(tp.getByRole('heading', { name: es.screens.compose })).toBeVisible();
  await tp.getByLabel(dir.compose.title, { exact: true }).fill(POST_TITLE);
  const editor = tp.getByRole('textbox', { name: dir.compose.description, exact: true });
  await editor.click();
  await tp.keyboard.type('Este viernes presentamos los proyectos. Cuéntennos quién viene; abajo, fotos de los montajes.');

  const poll = await addBlock(tp, FORM);
  await writePoll(poll, POLL.title, [
    { title: POLL.who.title, type: 'select', options: POLL.who.choices },
    { title: POLL.help, type: 'checkbox' },
    { title: POLL.notes, type: 'text' },
  ]);

  const files = await addBlock(tp, FILES);
  await galleryModeOn(files);
  await uploadThroughDropzone(tp, files, photos);
  await expect(files.getByRole('list', { name: es.blocks.files.list }).getByRole('listitem')).toHaveCount(PHOTOS);

  const teacherToken = await sessionTokenOf(tp);
  const postId = await draftIdOf(base, teacherToken);
  const blocksOf = async () => (await callApi(base, 'demo', teacherToken, 'GET', `posts/${postId}/blocks`)).body as { id: number; type: string; url: string; options: Record<string, unknown> }[];
  await expect.poll(async () => (await blocksOf()).map((b) => b.type)).toEqual(['form', 'files']);
  await expect.poll(async () => (await blocksOf()).find((b) => b.type === 'files')?.options.gallery).toBe(1);

  await expectNoSeriousA11yViolations(tp, '/compose with blocks');
  await capture(tp, 'blocks-compose-poll', poll.getByRole('group', { name: fill(es.blocks.form.editor.field, { number: 1 }), exact: true }));
  await capture(tp, 'blocks-compose', files.getByRole('switch', { name: es.blocks.files.galleryMode }));

  // The gallery goes first: moved with the keyboard, as anyone can (WCAG 2.5.7).
  await moveBlockUpByKeyboard(tp, FILES, 2, 2);
  await expect(blockList(tp).getByRole('listitem').first().getByRole('heading', { name: FILES, exact: true })).toBeVisible();
  await expect.poll(async () => (await blocksOf()).map((b) => b.type)).toEqual(['files', 'form']);

  const audience = await addressClassAndFamilies(tp, CLASS);
  await tp.getByRole('button', { name: dir.compose.publish, exact: true }).click();
  await expect(tp).toHaveURL(new RegExp(`/sent/${postId}$`));
  const published = await callApi(base, 'demo', teacherToken, 'GET', `posts/${postId}`);
  expect(published.status).toBe(200);
  const threadId = (published.body as { thread: number }).thread;
  const blocks = await blocksOf();
  const folder = blocks.find((b) => b.type === 'files')!.url;
  const formId = Number(blocks.find((b) => b.type === 'form')!.url.split('/').pop());
  expect(folder).toMatch(new RegExp(`^posts/${postId}/resources/files/block-\\d{1,16}$`));

  // The teacher keeps her post open: nobody has answered yet.
  const ownerView = tp.getByRole('region', { name: POLL.title });
  await expect(ownerView.getByText(es.blocks.form.owner.noAnswers)).toBeVisible();
  await expect(ownerView.getByText(fill(es.blocks.form.owner.answeredOf, { answered: 0, audience }))).toBeVisible();
  await tp.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));

  // ── 2. The parent answers the poll on the phone ───────────────────────────────────────────────
  const parent = await openSignedIn(browser, 'demo', 'parent', PHONE);
  const pp = parent.page;
  await pp.goto(`/threads/feed/${threadId}`);
  const card = pp.getByRole('article', { name: POST_TITLE }).first();
  await expect(card).toBeVisible();
  const reply = card.getByRole('form', { name: es.blocks.form.reply.label });
  await expect(reply).toBeVisible();
  const who = reply.getByLabel(POLL.who.title);
  const send = reply.getByRole('button', { name: es.blocks.form.reply.send });
  // Untouched, the list does not hold the button back; touched and left empty, it does (spec §5).
  await expect(send).toBeEnabled();
  await who.selectOption(POLL.who.choices[0]);
  await who.selectOption('');
  await expect(send).toBeDisabled();
  await expect(reply.getByText(es.blocks.form.reply.chooseOne)).toBeVisible();
  await who.selectOption(CHOICE);
  await expect(send).toBeEnabled();
  await expect(reply.getByText(es.blocks.form.reply.chooseOne)).toHaveCount(0);
  await reply.getByRole('checkbox', { name: POLL.help }).check();
  await reply.getByLabel(POLL.notes).fill(NOTE);

  const gallery = card.getByRole('list', { name: es.blocks.gallery.label });
  await expect(gallery.getByRole('listitem')).toHaveCount(5);
  await expectImagesLoaded(gallery.locator('img'));
  await expectNoSeriousA11yViolations(pp, '/threads/feed/{id} with the poll and the gallery');
  await capture(pp, 'blocks-poll-parent', reply);

  await send.click();
  await expect(card.getByRole('status').filter({ hasText: es.blocks.form.reply.success })).toBeVisible();
  // The success message stays five seconds, then the answers take its place.
  await expect(card.getByText(es.blocks.form.reply.yourAnswers)).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText(es.blocks.form.reply.success)).toHaveCount(0);
  const answers = card.getByRole('definition');
  await expect(answers).toHaveText([CHOICE, es.blocks.form.checked, NOTE]);
  await capture(pp, 'blocks-answers-parent', card.getByText(es.blocks.form.reply.yourAnswers));

  // ── 3. The parent opens the gallery: five tiles, +2 on the fifth, the full-screen viewer ──────
  const fifth = gallery.getByRole('button', { name: fill(es.blocks.gallery.openMore_other, { name: photos[4].name, count: 2 }) });
  await expect(fifth).toContainText('+2');
  await capture(pp, 'blocks-gallery', gallery);
  await fifth.click();
  const viewer = imageViewer(pp);
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveCSS('z-index', '99999');
  await expect(viewer.locator('img.pswp__img').first()).toBeVisible();
  await expectImagesLoaded(viewer.locator('.pswp__item[aria-hidden="false"] img.pswp__img'));
  await capture(pp, 'blocks-viewer');
  await viewer.getByRole('button', { name: es.blocks.gallery.close }).click();
  await expect(viewer).toHaveCount(0);
  await expect(fifth).toBeVisible();

  // ── 4. The teacher's open post shows the answer as it arrives: chart, answers, CSV ───────────
  const chart = ownerView.getByRole('figure', { name: POLL.who.title });
  await expect(chart).toBeVisible({ timeout: 10_000 });
  expect(await tp.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  expect(teacher.liveFrames.some((frame) => frame.includes('"form.answered"'))).toBe(true);
  await expect(ownerView.getByText(fill(es.blocks.form.owner.answeredOf, { answered: 1, audience }))).toBeVisible();
  const bar = (option: string) => chart.getByRole('listitem').filter({ hasText: option });
  await expect(bar(CHOICE)).toContainText(/1\s\(100\s?%\)/);
  for (const other of POLL.who.choices.filter((c) => c !== CHOICE)) await expect(bar(other)).toContainText(/0\s\(0\s?%\)/);
  await expect(ownerView.getByRole('figure', { name: POLL.help }).getByRole('listitem')).toContainText(/1\s\(100\s?%\)/);
  await expectNoSeriousA11yViolations(tp, '/sent/{id} with results');
  await capture(tp, 'blocks-results', chart);

  await ownerView.getByRole('tab', { name: es.blocks.form.owner.answers }).click();
  const answerList = ownerView.getByRole('list', { name: es.blocks.form.owner.answers });
  await expect(answerList.getByRole('listitem')).toHaveCount(1);
  await expect(answerList).toContainText(PARENT_NAME);
  await expect(answerList.getByRole('definition')).toHaveText([CHOICE, es.blocks.form.checked, NOTE]);
  await capture(tp, 'blocks-answers-teacher', answerList);

  const [download] = await Promise.all([tp.waitForEvent('download'), ownerView.getByRole('button', { name: es.blocks.form.owner.csv }).click()]);
  expect(download.suggestedFilename()).toBe(`${es.formRecordsCsv.fileName}-${formId}.csv`);
  const rows = parseCsv(await readFile((await download.path())!, 'utf8'), ';');
  expect(rows[0]).toEqual([es.formRecordsCsv.person, es.formRecordsCsv.answeredBy, es.formRecordsCsv.answeredAt, POLL.who.title, POLL.help, POLL.notes]);
  expect(rows).toHaveLength(2);
  expect(rows[1][0]).toBe('Gómez Rojas, Andrés');
  expect(rows[1][1]).toBe('Gómez Rojas, Andrés');
  expect(rows[1].slice(3)).toEqual([CHOICE, es.formRecordsCsv.checked, NOTE]);

  // ── 5. Attacks: another school's parent, a tampered file address ──────────────────────────────
  const norteToken = await apiToken(base, 'norte', 'parent');
  expect((await callApi(base, 'norte', norteToken, 'GET', `data/entities/${formId}`)).status).toBe(404);
  expect((await callApi(base, 'norte', norteToken, 'GET', folder)).status).toBe(404);
  expect((await callApi(base, 'norte', norteToken, 'GET', `data/entities/${formId}/results`)).status).toBe(404);
  // Their token names another school: the demo school's API does not take it either.
  expect([401, 403, 404]).toContain((await callApi(base, 'demo', norteToken, 'GET', `data/entities/${formId}`)).status);
  expect([401, 403, 404]).toContain((await callApi(base, 'demo', norteToken, 'GET', folder)).status);

  const listed = await callApi(base, 'demo', await sessionTokenOf(pp), 'GET', folder);
  expect(listed.status).toBe(200);
  const [first] = listed.body as ListedFile[];
  const signed = new URL(first.url, base);
  const genuine = await fetch(signed);
  expect(genuine.status).toBe(200);
  expect(genuine.headers.get('x-content-type-options')).toBe('nosniff');
  const sig = signed.searchParams.get('sig')!;
  signed.searchParams.set('sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
  const tampered = await fetch(signed);
  expect(tampered.status).toBe(403);
  expect(((await tampered.json()) as { error: string }).error).toBe('bad_signature');

  await parent.context.close();
  await teacher.context.close();
});

/** The id of the teacher's draft of this journey (the first block saved it). */
async function draftIdOf(base: string, token: string): Promise<number> {
  let id = 0;
  await expect
    .poll(async () => {
      const drafts = await callApi(base, 'demo', token, 'GET', `people/${personIdOf(token)}/posts/drafts`);
      id = (drafts.body as { id: number; title: string }[]).find((d) => d.title === POST_TITLE)?.id ?? 0;
      return id;
    }, { message: 'the draft of the post' })
    .toBeGreaterThan(0);
  return id;
}
