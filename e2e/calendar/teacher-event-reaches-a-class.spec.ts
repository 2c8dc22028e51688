import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { addressClassAndFamilies } from '../blocks/screens';
import { callApi, openSignedIn, personIdOf, sessionTokenOf } from '../posts/people-and-api';
import { capture, mainNav, switchOn } from '../posts/screens';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/journey';
import { DESKTOP, PHONE } from '../support/screenshots';
import { directoryTexts, fill, texts } from '../support/texts';
import { addDays, byMonth, icsLocalTime, SCHOOL_ZONE, schoolEpoch, schoolToday } from './dates';
import { icsText, parseIcs, propertyNamed, ruleParts, type IcsComponent } from './ics';
import { openAsPersonNamed } from './other-parent';
import {
  chooseView,
  eventPart,
  feedRead,
  listedDays,
  listRow,
  monthEvent,
  monthGrid,
  pickDay,
  postEventPanel,
  rsvpGroup,
  showMonthOf,
  watchFeeds,
  weekEvent,
} from './screens';

const es = texts.es;
const dir = directoryTexts.es;

// The demo teacher (Carolina Restrepo) directs 7A; the demo parent (Andrés Gómez) is Valentina's father, in 7A.
const CLASS = '7A';
const PARENT_NAME = 'Gómez Rojas, Andrés';
// A parent of 5A only (Daniela Torres's father): not in the class the event goes to.
const OTHER_PARENT = 'Óscar Torres';
const POST_TITLE = 'Taller de lectura en familia';
const EVENT = { title: 'Taller de lectura en familia 7A', location: 'Biblioteca del colegio', start: '17:00', end: '18:00', times: 4 };

test('a teacher posts a weekly event with RSVP to her class; a parent finds it in the calendar, answers, takes it home and subscribes; nobody else sees it', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const base = baseURL!;

  // An earlier journey may have left the demo parent in English; their own language wins after sign-in.
  const parentApiToken = await apiToken(base, 'demo', 'parent');
  const parentId = personIdOf(parentApiToken);
  expect((await callApi(base, 'demo', parentApiToken, 'PATCH', `people/${parentId}`, { language: 'es' })).status).toBe(200);
  // The demo school keeps Bogotá time; every wall-clock time below is the school's.
  const settings = await fetch(`${base}/api/demo/vue/settings`);
  expect(((await settings.json()) as { timeZone: string }).timeZone).toBe(SCHOOL_ZONE);

  // Next week, same weekday, four times.
  const firstDay = addDays(schoolToday(), 7);
  const days = Array.from({ length: EVENT.times }, (_, week) => addDays(firstDay, 7 * week));

  // ── 1. The teacher writes a post with its event on her computer ───────────────────────────────
  const teacher = await openSignedIn(browser, 'demo', 'teacher', DESKTOP);
  const tp = teacher.page;
  await tp.goto('/compose');
  await expect(tp.getByRole('heading', { name: es.screens.compose })).toBeVisible();
  await tp.getByLabel(dir.compose.title, { exact: true }).fill(POST_TITLE);
  const editor = tp.getByRole('textbox', { name: dir.compose.description, exact: true });
  await editor.click();
  await tp.keyboard.type('Cada lunes leemos con las familias un capítulo del libro del mes. Cuéntennos si vienen.');

  const part = eventPart(tp);
  await switchOn(tp, es.composeEvent.toggle);
  await part.getByLabel(es.calendar.fields.title, { exact: true }).fill(EVENT.title);
  await pickDay(tp, part.getByLabel(es.calendar.fields.startDay, { exact: true }), firstDay);
  await pickDay(tp, part.getByLabel(es.calendar.fields.endDay, { exact: true }), firstDay);
  await part.getByLabel(es.calendar.fields.startTime, { exact: true }).fill(EVENT.start);
  await part.getByLabel(es.calendar.fields.endTime, { exact: true }).fill(EVENT.end);
  await part.getByLabel(es.calendar.fields.location, { exact: true }).fill(EVENT.location);
  await part.getByLabel(es.calendar.fields.repeat, { exact: true }).selectOption('weekly');
  await part.getByLabel(es.calendar.fields.repeatEnd, { exact: true }).selectOption('count');
  await part.getByLabel(es.calendar.fields.count, { exact: true }).fill(String(EVENT.times));
  await switchOn(tp, es.calendar.fields.rsvp);
  // A valid event shows no problem beside any field.
  for (const problem of Object.values(es.calendar.fields.problems)) await expect(part.getByText(problem)).toHaveCount(0);

  const audience = await addressClassAndFamilies(tp, CLASS);
  await expectNoSeriousA11yViolations(tp, '/compose with an event');
  await capture(tp, 'calendar-compose', part.getByLabel(es.calendar.fields.repeat, { exact: true }));

  await tp.getByRole('button', { name: dir.compose.publish, exact: true }).click();
  await expect(tp).toHaveURL(/\/sent\/\d+$/);
  await expect(tp.getByText(fill(dir.sentPosts.justPublished_other, { count: audience }))).toBeVisible();
  const postId = Number(new URL(tp.url()).pathname.split('/').pop());
  const teacherToken = await sessionTokenOf(tp);
  const published = await callApi(base, 'demo', teacherToken, 'GET', `posts/${postId}`);
  expect(published.status).toBe(200);
  const post = published.body as { thread: number; event: { id: number; title: string; startDate: number; endDate: number; allDay: boolean; location: string; rsvp: boolean; recurrence: unknown } | null };
  // What the screen sent: 17:00–18:00 school time next week, weekly, four times, asking who comes.
  expect(post.event).toMatchObject({
    title: EVENT.title,
    location: EVENT.location,
    startDate: schoolEpoch(firstDay, EVENT.start),
    endDate: schoolEpoch(firstDay, EVENT.end),
    allDay: false,
    rsvp: true,
    recurrence: { freq: 'weekly', interval: 1, count: EVENT.times, until: null, exceptions: [] },
  });
  const eventId = post.event!.id;
  const threadId = post.thread;

  // ── 2. The parent finds it in the calendar: the list first, then the month, then the week ──────
  const parent = await openSignedIn(browser, 'demo', 'parent', PHONE);
  const pp = parent.page;
  await mainNav(pp).getByRole('link', { name: es.nav.calendar }).click();
  await expect(pp).toHaveURL(/\/calendar$/);
  await expect(pp.getByRole('heading', { name: es.screens.calendar, level: 1 })).toBeVisible();
  // The list of the month is the default view (spec §9).
  await expect(pp.getByRole('radio', { name: es.calendar.views.listMonth, exact: true })).toBeChecked();
  for (const [, inMonth] of byMonth(days)) {
    await showMonthOf(pp, inMonth[0]!);
    await expect.poll(() => listedDays(pp, EVENT.title), { message: `the list of ${inMonth[0]!.slice(0, 7)}` }).toEqual(inMonth);
    // Shown at the school's wall-clock time, whatever zone this browser is in.
    for (const day of inMonth) await expect(listRow(pp, day, EVENT.title)).toContainText(EVENT.start);
  }
  // The window the parent's calendar reads holds the four occurrences, each at 17:00 school time.
  const parentWindow = await callApi(base, 'demo', parentApiToken, 'GET', `calendar/events?start=${firstDay}&end=${addDays(days.at(-1)!, 1)}`);
  expect(parentWindow.status).toBe(200);
  const occurrences = (parentWindow.body as { id: number; start: string; post: { thread: number } | null }[]).filter((event) => event.id === eventId);
  expect(occurrences.map((event) => event.start)).toEqual(days.map((day) => `${day}T${EVENT.start}:00-05:00`));
  expect(occurrences.every((event) => event.post?.thread === threadId)).toBe(true);

  await showMonthOf(pp, firstDay);
  await expect(listRow(pp, firstDay, EVENT.title)).toBeVisible();
  await expectNoSeriousA11yViolations(pp, '/calendar list');
  await capture(pp, 'calendar-list', listRow(pp, firstDay, EVENT.title));

  await chooseView(pp, es.calendar.views.dayGridMonth);
  await expect(pp).toHaveURL(/[?&]view=dayGridMonth/);
  for (const [, inMonth] of byMonth(days)) {
    await showMonthOf(pp, inMonth[0]!);
    // Every week on its own day, and on no other day the grid shows (it shows days of the months around too).
    const { first, last } = await monthGrid(pp, EVENT.title);
    const expected = days.filter((day) => first <= day && day <= last);
    expect(expected).toEqual(expect.arrayContaining(inMonth));
    await expect.poll(async () => (await monthGrid(pp, EVENT.title)).days, { message: `the month of ${inMonth[0]!.slice(0, 7)}` }).toEqual(expected);
    for (const day of inMonth) await expect(monthEvent(pp, day, EVENT.title)).toBeVisible();
  }
  await showMonthOf(pp, firstDay);
  await expect(monthEvent(pp, firstDay, EVENT.title)).toBeVisible();
  await expectNoSeriousA11yViolations(pp, '/calendar month');
  await capture(pp, 'calendar-month', monthEvent(pp, firstDay, EVENT.title));

  // The address keeps the view and the date: the week of the first time opens straight from it.
  await pp.goto(`/calendar?view=timeGridWeek&date=${firstDay}`);
  await expect(pp.getByRole('radio', { name: es.calendar.views.timeGridWeek, exact: true })).toBeChecked();
  const inWeek = weekEvent(pp, firstDay, EVENT.title);
  await expect(inWeek).toBeVisible();
  await expect(inWeek).toContainText(EVENT.start);
  await expectNoSeriousA11yViolations(pp, '/calendar week');
  await capture(pp, 'calendar-week', inWeek);

  // ── 3. The parent opens it, answers that they are going and takes it to their own calendar ────
  await inWeek.click();
  await expect(pp).toHaveURL(new RegExp(`/calendar/threads/feed/${threadId}$`));
  const card = pp.getByRole('article', { name: POST_TITLE }).first();
  const panel = postEventPanel(card);
  await expect(panel).toContainText(EVENT.title);
  await expect(panel).toContainText(EVENT.location);
  await expect(panel).toContainText(fill(es.calendar.recurrence.times_other, { rule: es.calendar.recurrence.weekly_one, count: EVENT.times }));
  const rsvp = rsvpGroup(panel);
  const going = rsvp.getByRole('button', { name: es.calendar.rsvp.going, exact: true });
  await expect(going).toHaveAttribute('aria-pressed', 'false');
  await going.click();
  await expect(going).toHaveAttribute('aria-pressed', 'true');
  await expect(rsvp).toContainText(fill(es.calendar.rsvp.goingCount_one, { count: 1 }));
  const detail = await callApi(base, 'demo', parentApiToken, 'GET', `calendar/events/${eventId}`);
  expect(detail.status).toBe(200);
  expect((detail.body as { rsvp: unknown }).rsvp).toEqual({ enabled: true, mine: 'going', going: 1, notGoing: 0 });
  await expectNoSeriousA11yViolations(pp, '/calendar/threads/feed/{id}');
  await capture(pp, 'calendar-thread', rsvp);

  const [download] = await Promise.all([pp.waitForEvent('download'), panel.getByRole('button', { name: es.calendar.event.addToCalendar }).click()]);
  expect(download.suggestedFilename()).toBe(`${EVENT.title}.ics`);
  const file = await readFile((await download.path())!, 'utf8');
  expectOneWeeklyEvent(parseIcs(file), eventId, firstDay);

  // ── 4. The teacher sees how many are going, and who ───────────────────────────────────────────
  await tp.goto(`/calendar/threads/feed/${threadId}`);
  const ownPanel = postEventPanel(tp.getByRole('article', { name: POST_TITLE }).first());
  await expect(rsvpGroup(ownPanel)).toContainText(fill(es.calendar.rsvp.goingCount_one, { count: 1 }));
  await rsvpGroup(ownPanel).getByRole('button', { name: es.calendar.rsvp.names }).click();
  const answers = tp.getByRole('dialog', { name: es.calendar.rsvp.namesTitle });
  const goingList = answers.getByRole('region', { name: es.calendar.rsvp.goingList, exact: true });
  await expect(goingList.getByRole('heading')).toHaveText(`${es.calendar.rsvp.goingList} (1)`);
  await expect(goingList.getByRole('listitem')).toHaveText([PARENT_NAME]);
  await expect(answers.getByRole('region', { name: es.calendar.rsvp.notGoingList, exact: true })).toContainText(es.calendar.rsvp.nobody);
  await capture(tp, 'calendar-rsvp-names', goingList);
  await answers.getByRole('button', { name: es.common.close }).click();
  await expect(answers).toBeHidden();
  // Who answered is the author's to read, not the readers'.
  expect((await callApi(base, 'demo', parentApiToken, 'GET', `calendar/events/${eventId}/rsvps`)).status).toBe(403);

  // ── 5. The parent subscribes their calendar app to a private address ──────────────────────────
  await pp.goto('/settings');
  const subscription = pp.getByRole('region', { name: es.calendarSettings.subscription.title, exact: true });
  await subscription.getByRole('button', { name: es.calendarSettings.subscription.create }).click();
  const address = subscription.getByRole('textbox', { name: es.calendarSettings.subscription.linkLabel });
  const host = new URL(base).host;
  await expect(address).toHaveValue(new RegExp(`^webcal://${host.replace(/\./g, '\\.')}/api/demo/calendar/subscriptions/\\d+-[A-Za-z0-9_-]{43}\\.ics$`));
  const webcal = await address.inputValue();
  // Google Calendar's "From URL" takes the https form, which the instructions show.
  await expect(subscription.getByText(webcal.replace(/^webcal:/, 'https:'), { exact: true })).toBeVisible();
  await expect(subscription.getByRole('heading', { name: es.calendarSettings.subscription.outlook.title })).toBeVisible();
  await expect(subscription.getByRole('heading', { name: es.calendarSettings.subscription.apple.title })).toBeVisible();
  await expectNoSeriousA11yViolations(pp, '/settings calendar subscription');
  await capture(pp, 'calendar-settings', address);

  // A calendar app reads the address with no token (this server speaks plain http).
  const feed = await fetch(webcal.replace(/^webcal:/, 'http:'));
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
  const subscribed = parseIcs(await feed.text());
  expectOneWeeklyEvent(subscribed, eventId, firstDay);
  const forged = webcal.replace(/^webcal:/, 'http:').replace(/-[A-Za-z0-9_-]{43}\.ics$/, `-${'A'.repeat(43)}.ics`);
  expect((await fetch(forged)).status).toBe(404);

  // ── 6. The parent of another class, and the other school's parent, never see it ──────────────
  const other = await openAsPersonNamed(browser, base, OTHER_PARENT);
  const op = other.page;
  const otherReads = watchFeeds(op);
  for (const path of [`calendar/events/${eventId}`, `calendar/events/${eventId}/ics`, `calendar/events/${eventId}/rsvps`]) {
    expect((await callApi(base, 'demo', other.token, 'GET', path)).status, path).toBe(404);
  }
  expect((await callApi(base, 'demo', other.token, 'PUT', `calendar/events/${eventId}/rsvp`, { answer: 'going' })).status).toBe(404);
  const seen = await callApi(base, 'demo', other.token, 'GET', `calendar/events?start=${firstDay}&end=${addDays(days.at(-1)!, 1)}`);
  expect(seen.status).toBe(200);
  const theirs = seen.body as { id: number; title: string; start: string }[];
  expect(theirs.map((event) => event.id)).not.toContain(eventId);
  // Their calendar is not empty in those weeks (the school's own events): what is missing is only the class's.
  const control = theirs.find((event) => event.start.slice(0, 10) >= firstDay);
  expect(control, 'an event of the school in the same weeks').toBeDefined();
  const controlDay = control!.start.slice(0, 10);

  await mainNav(op).getByRole('link', { name: es.nav.calendar }).click();
  await expect(op).toHaveURL(/\/calendar$/);
  for (const view of [es.calendar.views.listMonth, es.calendar.views.dayGridMonth]) {
    if (view !== es.calendar.views.listMonth) await chooseView(op, view);
    for (const [, inMonth] of byMonth(days)) {
      await showMonthOf(op, inMonth[0]!);
      await feedRead(otherReads, 'posts', inMonth);
      if (view === es.calendar.views.listMonth && controlDay.slice(0, 7) === inMonth[0]!.slice(0, 7)) {
        await expect(listRow(op, controlDay, control!.title)).toBeVisible();
      }
      await expect(op.getByText(EVENT.title)).toHaveCount(0);
    }
  }
  // What the browser was sent, not only what it drew.
  expect(otherReads.flatMap((read) => read.ids)).not.toContain(eventId);
  await op.goto(`/calendar/threads/feed/${threadId}`);
  await expect(op.getByRole('heading', { name: es.threads.thread.unavailableTitle })).toBeVisible();
  await expect(op.getByText(EVENT.title)).toHaveCount(0);
  await other.context.close();

  const norteToken = await apiToken(base, 'norte', 'parent');
  expect((await callApi(base, 'norte', norteToken, 'GET', `calendar/events/${eventId}`)).status).toBe(404);
  expect((await callApi(base, 'norte', norteToken, 'GET', `calendar/events/${eventId}/ics`)).status).toBe(404);

  await parent.context.close();
  await teacher.context.close();
});

/** The file holds the event once, as written: weekly four times from the first day at 17:00 school time. */
function expectOneWeeklyEvent(calendar: IcsComponent, eventId: number, firstDay: string): void {
  expect(propertyNamed(calendar, 'VERSION')?.value).toBe('2.0');
  const events = calendar.components.filter((component) => component.name === 'VEVENT' && propertyNamed(component, 'UID')?.value === `event-${eventId}@demo.patio`);
  expect(events).toHaveLength(1);
  const [event] = events as [IcsComponent];
  expect(icsText(propertyNamed(event, 'SUMMARY')!.value)).toBe(EVENT.title);
  expect(icsText(propertyNamed(event, 'LOCATION')!.value)).toBe(EVENT.location);
  const start = propertyNamed(event, 'DTSTART')!;
  expect(start.params.TZID).toBe(SCHOOL_ZONE);
  expect(start.value).toBe(icsLocalTime(firstDay, EVENT.start));
  expect(propertyNamed(event, 'DTEND')!.value).toBe(icsLocalTime(firstDay, EVENT.end));
  expect(ruleParts(propertyNamed(event, 'RRULE')!.value)).toMatchObject({ FREQ: 'WEEKLY', COUNT: String(EVENT.times) });
  // The zone the times are in travels with the file.
  const zones = calendar.components.filter((component) => component.name === 'VTIMEZONE');
  expect(zones.map((zone) => propertyNamed(zone, 'TZID')?.value)).toContain(SCHOOL_ZONE);
}
