import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { applyLanguage, createI18n } from '../../app/i18n/createI18n';
import { eventTitle, eventWhen, recurrenceText } from './eventText';
import { icsFileName } from './AddToCalendarButton';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n();
});

/** Intl writes narrow and thin spaces; the expectations use plain ones. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, ' ');

const weekly = { freq: 'weekly' as const, interval: 1, count: null, until: '2026-12-19', exceptions: [] };

describe('event texts', () => {
  it('says how an event repeats in the six languages', async () => {
    const expected: Record<string, string> = {
      'es-CO': 'Cada semana hasta el 19 de diciembre de 2026',
      en: 'Every week until December 19, 2026',
      de: 'Jede Woche bis 19. Dezember 2026',
      fr: 'Chaque semaine jusqu’au 19 décembre 2026',
      it: 'Ogni settimana fino al 19 dicembre 2026',
      pt: 'Toda semana até 19 de dezembro de 2026',
    };
    for (const [language, text] of Object.entries(expected)) {
      await applyLanguage(i18n, language as 'en');
      expect(spaced(recurrenceText(i18n.t, weekly, language))).toBe(text);
    }
    await applyLanguage(i18n, 'es-CO');
    expect(recurrenceText(i18n.t, { ...weekly, interval: 2, until: null, count: 10 }, 'es-CO')).toBe('Cada 2 semanas, 10 veces');
    expect(recurrenceText(i18n.t, { ...weekly, freq: 'monthly', until: null }, 'es-CO')).toBe('Cada mes');
    await applyLanguage(i18n, 'en');
    expect(recurrenceText(i18n.t, { ...weekly, freq: 'daily', interval: 3, until: null, count: 1 }, 'en')).toBe('Every 3 days, 1 time');
  });

  it('writes when an event happens, all-day days as plain days and times in the school zone', () => {
    const fair = { allDay: true, start: '2026-12-19', end: '2026-12-20', startDate: 0, endDate: 0 };
    expect(eventWhen(fair, 'es-CO')).toBe('sábado, 19 de diciembre de 2026');
    expect(spaced(eventWhen({ ...fair, end: '2026-12-22' }, 'en', 'medium'))).toBe('Sat, Dec 19 – Mon, Dec 21, 2026');
    const start = Date.UTC(2026, 11, 3, 15) / 1000;
    const outing = { allDay: false, start: '', end: '', startDate: start, endDate: start + 5400, timeZone: 'America/Bogota' };
    expect(spaced(eventWhen(outing, 'de'))).toBe('Donnerstag, 3. Dezember 2026, 10:00–11:30 Uhr');
    expect(spaced(eventWhen({ ...outing, timeZone: 'Europe/Madrid' }, 'de'))).toBe('Donnerstag, 3. Dezember 2026, 16:00–17:30 Uhr');
  });

  it("shows the translated 'Sin título' for a blank title", async () => {
    await applyLanguage(i18n, 'es-CO');
    expect(eventTitle(i18n.t, '  ')).toBe('Sin título');
    await applyLanguage(i18n, 'de');
    expect(eventTitle(i18n.t, '')).toBe('Ohne Titel');
    expect(eventTitle(i18n.t, 'Feria')).toBe('Feria');
  });

  it('names the ICS file after the title, without path or control characters', () => {
    expect(icsFileName('Feria: 7A/7B')).toBe('Feria 7A 7B.ics');
    expect(icsFileName('\u0000\n')).toBe('event.ics');
  });
});
