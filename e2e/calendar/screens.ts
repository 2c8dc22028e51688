// What the calendar journey does on its screens, named after what a person does there; labels come
// from the app's own dictionaries. FullCalendar's grid has no roles for "the cell of 30 November", so
// days are found by the data-date attribute it puts on each day.
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { texts } from '../support/texts';
import { monthTitleOf, pickerLabelOf } from './dates';

const es = texts.es;

/** The compose screen's event part. */
export function eventPart(page: Page): Locator {
  return page.getByRole('region', { name: es.composeEvent.title, exact: true });
}

/**
 * Picks a day in one of the event's date fields: opens its picker, goes forward month by month until
 * the day is on show, and clicks it.
 */
export async function pickDay(page: Page, field: Locator, day: string): Promise<void> {
  await field.click();
  const dayButton = page.getByRole('button', { name: pickerLabelOf(day), exact: true });
  const dropdown = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  await expect(dropdown).toBeVisible();
  // Mantine leaves the picker's month arrows without an accessible name, so the next one is found by its direction.
  const nextMonth = dropdown.locator('[data-direction="next"]').first();
  await expect(async () => {
    if (!(await dayButton.isVisible())) await nextMonth.click();
    await expect(dayButton).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await dayButton.click();
  await expect(dropdown).toBeHidden();
}

/** The calendar screen's period title ("noviembre de 2026"). */
export function periodTitle(page: Page): Locator {
  return page.getByRole('group', { name: es.calendar.toolbar.label }).getByRole('heading');
}

/** Shows a view of the calendar with its switcher ("Lista", "Mes", "Semana", "Día"). */
export async function chooseView(page: Page, label: string): Promise<void> {
  const option = page.getByRole('radiogroup', { name: es.calendar.views.label }).getByText(label, { exact: true });
  await option.click();
  await expect(page.getByRole('radio', { name: label, exact: true })).toBeChecked();
}

/** The device's own today ('YYYY-MM-DD'): FullCalendar's "today" is the browser's, not the school's. */
function deviceToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  });
}

/** Goes to the month (or the list of the month) that holds `day`: back to today, then forward. */
export async function showMonthOf(page: Page, day: string): Promise<void> {
  const title = periodTitle(page);
  await page.getByRole('button', { name: es.calendar.toolbar.today, exact: true }).click();
  await expect(title).toHaveText(monthTitleOf(await deviceToday(page)));
  const wanted = monthTitleOf(day);
  for (let months = 0; months < 3 && (await title.textContent()) !== wanted; months++) {
    const before = (await title.textContent()) ?? '';
    await page.getByRole('button', { name: es.calendar.toolbar.next, exact: true }).click();
    await expect(title).not.toHaveText(before);
  }
  await expect(title).toHaveText(wanted);
}

/** The days of the list view that list an event with this title, in order. */
export function listedDays(page: Page, title: string): Promise<string[]> {
  return page.locator('.fc-list-table').evaluateAll((tables, wanted) => {
    const days: string[] = [];
    let current = '';
    for (const row of tables.flatMap((table) => Array.from(table.querySelectorAll('tr')))) {
      if (row.classList.contains('fc-list-day')) current = row.getAttribute('data-date') ?? '';
      const isWanted = row.classList.contains('fc-list-event') && row.querySelector('.fc-list-event-title')?.textContent?.trim() === wanted;
      if (isWanted && days.at(-1) !== current) days.push(current);
    }
    return days;
  }, title);
}

/** The list view's row of the event on a day (its time and title). */
export function listRow(page: Page, day: string, title: string): Locator {
  // Rows of a day follow its header row up to the next header.
  return page.locator(`tr.fc-list-day[data-date="${day}"] ~ tr.fc-list-event`).filter({ hasText: title }).first();
}

export interface MonthGrid {
  /** The first and last days the month grid shows (it shows days of the months around too). */
  first: string;
  last: string;
  /** The days whose cell holds an event with the title. */
  days: string[];
}

/** What the month view shows: its range and the days holding an event with this title. */
export function monthGrid(page: Page, title: string): Promise<MonthGrid> {
  return page.locator('td.fc-daygrid-day[data-date]').evaluateAll((cells, wanted) => {
    const dates = cells.map((cell) => cell.getAttribute('data-date')!);
    const days = cells
      .filter((cell) => Array.from(cell.querySelectorAll('.fc-event-title')).some((name) => name.textContent?.trim() === wanted))
      .map((cell) => cell.getAttribute('data-date')!);
    return { first: dates[0] ?? '', last: dates.at(-1) ?? '', days };
  }, title);
}

/** The event in the cell of a day of the month view. */
export function monthEvent(page: Page, day: string, title: string): Locator {
  return page.locator(`td.fc-daygrid-day[data-date="${day}"] a.fc-event`).filter({ hasText: title });
}

/** The event in the column of a day of the week view. */
export function weekEvent(page: Page, day: string, title: string): Locator {
  return page.locator(`td.fc-timegrid-col[data-date="${day}"] a.fc-event`).filter({ hasText: title });
}

/** What the browser has read of one calendar: its window and the event ids in it. */
export interface FeedRead {
  feed: string;
  start: string;
  end: string;
  ids: number[];
}

/**
 * Records every calendar window the page reads (GET calendar/events?feed&start&end), so a journey can
 * wait until the days it looks at have been read, and check what the server sent, not only what is drawn.
 */
export function watchFeeds(page: Page): FeedRead[] {
  const reads: FeedRead[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('/calendar/events') || response.request().method() !== 'GET' || response.status() !== 200) return;
    const [feed, start, end] = ['feed', 'start', 'end'].map((name) => url.searchParams.get(name) ?? '');
    void response.json().then(
      (events: { id: number }[]) => reads.push({ feed: feed!, start: start!, end: end!, ids: events.map((event) => event.id) }),
      () => undefined,
    );
  });
  return reads;
}

/** Waits until the page has read `feed` for every one of `days`. */
export async function feedRead(reads: FeedRead[], feed: string, days: string[]): Promise<void> {
  const covered = () => days.every((day) => reads.some((read) => read.feed === feed && read.start <= day && day < read.end));
  await expect.poll(covered, { message: `the ${feed} calendar read for ${days.join(', ')}` }).toBe(true);
}

/** The event part of a post card in a thread (when, where, RSVP, "Add to my calendar"). */
export function postEventPanel(scope: Page | Locator): Locator {
  return scope.getByRole('region', { name: es.postCard.event, exact: true });
}

/** The RSVP group of an event ("¿Asistirás?"). */
export function rsvpGroup(scope: Locator): Locator {
  return scope.getByRole('group', { name: es.calendar.rsvp.question, exact: true });
}
