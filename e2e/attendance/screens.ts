// What the attendance journey does on its screens, named after what a person does there; labels come
// from the app's own dictionaries (the attendance screens' texts and the absence post's).
import { expect, type Locator, type Page } from '@playwright/test';
import { es as attendanceTexts } from '../../packages/core/src/i18n/attendanceScreens/es';
import { attendanceAlertTexts } from '../../packages/core/src/i18n/attendance';
import { fill } from '../support/texts';

export const at = attendanceTexts.attendance;
export const alertTexts = attendanceAlertTexts.es;

/** A day in the school's zone (the demo school's: Bogotá), 'YYYY-MM-DD', `offset` days from today. */
export function schoolDay(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(Date.now() + offset * 86_400_000));
}

/** A student's row of the roll: the group of their three choices is named after them. */
export function studentChoices(page: Page, name: string): Locator {
  return page.getByRole('group', { name: fill(at.roll.markOf, { name }) });
}

/** A student's whole row of the roll (name, code, the state of the mark, undo, choices). */
export function rowOf(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: studentChoices(page, name) });
}

/** The choice of a student's row (present, absent, late), a radio button behind a big label. */
export function choice(page: Page, name: string, type: 'present' | 'absent' | 'late'): Locator {
  return studentChoices(page, name).getByRole('radio', { name: at.types[type] });
}

/** The number a counter chip shows (Presentes, Ausentes, Tarde). */
export async function counterValue(page: Page, type: 'present' | 'absent' | 'late'): Promise<number> {
  const term = page.locator('dt', { hasText: at.counters[type] }).first();
  return Number(await term.locator('xpath=following-sibling::dd[1]').textContent());
}

/** The sync line of the roll. */
export function syncStatus(page: Page): Locator {
  return page.getByRole('status', { name: at.sync.label });
}

/** The attendance rate in a row of a rate table, as a number (null for a dash). */
export async function rateOf(page: Page, table: string, rowName: RegExp | string): Promise<number | null> {
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: rowName }) });
  await expect(row).toHaveCount(1);
  // The rate is the first cell after the name.
  const text = (await row.getByRole('cell').first().textContent()) ?? '';
  const match = text.match(/(\d+)/);
  return match ? Number(match[1]) : null;
}
