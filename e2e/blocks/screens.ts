// What the blocks journey does on its screens, named after what a person does there; labels come from
// the app's own dictionaries.
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { settledCount, switchOn } from '../posts/screens';
import { directoryTexts, fill, texts } from '../support/texts';
import type { Photo } from './images';

const es = texts.es;
const dir = directoryTexts.es;

/** The compose screen's list of blocks. */
export function blockList(page: Page): Locator {
  return page.getByRole('list', { name: es.blocks.frame.list });
}

/** One block of the compose list by its type's name ("Archivos", "Formulario o encuesta"). */
export function blockFrame(page: Page, typeName: string): Locator {
  return blockList(page).getByRole('region', { name: typeName, exact: true });
}

/** "Añadir contenido", then a type from its menu; waits until the new block is ready to edit. */
export async function addBlock(page: Page, typeName: string): Promise<Locator> {
  await page.getByRole('button', { name: es.blocks.frame.add }).click();
  await page.getByRole('menu', { name: es.blocks.frame.add }).getByRole('menuitem', { name: typeName, exact: true }).click();
  const frame = blockFrame(page, typeName);
  await expect(frame).toBeVisible();
  // A new block opens in edit mode once it has its url (spec §4 lifecycle).
  await expect(frame.getByText(es.blocks.frame.preparing)).toHaveCount(0);
  await expect(frame.getByRole('button', { name: fill(es.blocks.frame.done, { name: typeName }) })).toBeVisible();
  return frame;
}

export interface PollQuestion {
  title: string;
  type: 'text' | 'textarea' | 'select' | 'checkbox';
  /** The choices of a list, one per line. */
  options?: string[];
}

/** Writes the poll in the form block's editor and waits for its autosave. */
export async function writePoll(frame: Locator, title: string, questions: PollQuestion[]): Promise<void> {
  const editor = frame.getByRole('region', { name: es.blocks.form.editor.label });
  await editor.getByLabel(es.blocks.form.editor.title, { exact: true }).fill(title);
  for (const [index, question] of questions.entries()) {
    await editor.getByRole('button', { name: es.blocks.form.editor.add }).click();
    const field = editor.getByRole('group', { name: fill(es.blocks.form.editor.field, { number: index + 1 }), exact: true });
    const fieldTitle = field.getByLabel(es.blocks.form.editor.fieldTitle, { exact: true });
    // A new question is text and takes the focus (spec §5 Form editor).
    await expect(fieldTitle).toBeFocused();
    await expect(field.getByLabel(es.blocks.form.editor.fieldType, { exact: true })).toHaveValue('text');
    await fieldTitle.fill(question.title);
    if (question.type !== 'text') await field.getByLabel(es.blocks.form.editor.fieldType, { exact: true }).selectOption(question.type);
    if (question.options) await field.getByLabel(es.blocks.form.editor.options, { exact: true }).fill(question.options.join('\n'));
  }
  await expect(editor.getByText(es.blocks.form.editor.saved)).toBeVisible();
}

/**
 * Drops the photos on the files block's drop zone. The upload request is held until its progress bar
 * is on screen, so the bar is seen on any machine, then let through; answers the files' thumbnails.
 */
export async function uploadThroughDropzone(page: Page, frame: Locator, photos: Photo[]): Promise<Locator> {
  const folderPost = /\/resources\/files\/block-\d+$/;
  let held: (route: Route) => void = () => undefined;
  const arrived = new Promise<Route>((resolve) => (held = resolve));
  await page.route(folderPost, (route) => (route.request().method() === 'POST' ? held(route) : route.continue()));
  const dropzone = frame.getByRole('button', { name: es.blocks.files.dropzone });
  await expect(dropzone).toBeVisible();
  await dropzone.locator('input[type="file"]').setInputFiles(photos);
  const route = await arrived;
  const progress = frame.getByRole('group', { name: fill(es.blocks.files.uploading_other, { count: photos.length }) });
  await expect(progress).toBeVisible();
  // Held at the start: the bar's fill is 0 wide, so its value is what shows it is there.
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(progress).toContainText('0 %');
  await route.continue();
  await page.unroute(folderPost);
  await expect(progress).toHaveCount(0);
  const thumbnails = frame.getByRole('list', { name: es.blocks.files.list }).locator('img');
  await expect(thumbnails).toHaveCount(photos.length);
  await expectImagesLoaded(thumbnails);
  return thumbnails;
}

/** Every image the locator finds has loaded real pixels (its signed address answered an image). */
export async function expectImagesLoaded(images: Locator): Promise<void> {
  await expect
    .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)), {
      message: 'every image loaded',
    })
    .toBe(true);
}

/** Turns the files block's gallery mode on. */
export async function galleryModeOn(frame: Locator): Promise<void> {
  const control = frame.getByRole('switch', { name: es.blocks.files.galleryMode });
  await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await control.check();
  await expect(control).toBeChecked();
}

/**
 * Moves a block one place up with the keyboard (dnd-kit): Space on its handle picks it up, the up
 * arrow moves it, Space drops it; each step waits for the handle's state or what a screen reader hears.
 */
export async function moveBlockUpByKeyboard(page: Page, typeName: string, from: number, count: number): Promise<void> {
  const handle = page.getByRole('button', { name: fill(es.blocks.frame.move, { name: typeName }) });
  await handle.focus();
  const heard = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  await page.keyboard.press('Space');
  // Picked up: the handle is pressed (the "picked" words give way to "over" at once, so are not waited on).
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await heard(fill(es.blocks.frame.dnd.over, { name: typeName, position: from - 1, count }));
  await page.keyboard.press('Space');
  await heard(fill(es.blocks.frame.dnd.dropped, { name: typeName, position: from - 1, count }));
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
}

/** Addresses the post by rule to the students of a class and their families; answers the audience count. */
export async function addressClassAndFamilies(page: Page, className: string): Promise<number> {
  await page.getByRole('button', { name: dir.compose.rules.addFirst }).click();
  const group = page.getByLabel(fill(dir.compose.rules.value, { index: 1 }), { exact: true });
  const classOption = group.locator('option').filter({ hasText: new RegExp(`^\\s*${className} \\(`) });
  await expect(classOption).toHaveCount(1);
  await group.selectOption((await classOption.getAttribute('value'))!);
  await page.getByRole('button', { name: dir.compose.rules.add }).click();
  await page.getByLabel(fill(dir.compose.rules.field, { index: 2 }), { exact: true }).selectOption('role');
  await page.getByLabel(fill(dir.compose.rules.value, { index: 2 }), { exact: true }).selectOption('student');
  const students = await settledCount(page);
  expect(students).toBeGreaterThan(0);
  await switchOn(page, dir.compose.relatives);
  const audience = await settledCount(page);
  expect(audience).toBeGreaterThan(students);
  return audience;
}

/** The open PhotoSwipe viewer. */
export function imageViewer(page: Page): Locator {
  return page.locator('.pswp');
}
