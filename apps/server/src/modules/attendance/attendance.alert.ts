import { formatFullName } from '@patio/core';
import { attendanceAlertTexts, type AttendanceAlertTexts } from '@patio/core/i18n/attendance';
import { dictionaryLanguageOf, type DictionaryLanguage, matchInterfaceLanguage } from '@patio/core/i18n/index';

// The family's "absence" post as it reads for a record (attendance.alert.job.ts sends or rewrites it):
// title in the family's language, and the text once per language the family reads, theirs first.

export interface AlertFacts {
  student: string;
  node: string;
  /** YYYY-MM-DD. */
  date: string;
  type: string;
  note: string;
  teacher: string;
  /** The post already went out and the record no longer alerts: it says the mark was corrected. */
  withdrawn: boolean;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function dayIn(texts: AttendanceAlertTexts, date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(texts.locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** The family's languages, most read first; someone who chose none reads `fallback` (the school's default language). */
export function familyLanguages(languages: readonly (string | null)[], fallback: string | null = null): DictionaryLanguage[] {
  const counts = new Map<DictionaryLanguage, number>();
  for (const tag of languages.length > 0 ? languages : [null]) {
    const lang = dictionaryLanguageOf(matchInterfaceLanguage(tag || fallback));
    counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([lang]) => lang);
}

function titleIn(texts: AttendanceAlertTexts, facts: AlertFacts): string {
  const template = facts.withdrawn ? texts.correctedTitle : facts.type === 'late' ? texts.lateTitle : texts.absentTitle;
  return fill(template, { student: facts.student });
}

function paragraphsIn(texts: AttendanceAlertTexts, facts: AlertFacts): string[] {
  const values = { student: escapeHtml(facts.student), node: escapeHtml(facts.node), day: escapeHtml(dayIn(texts, facts.date)), teacher: escapeHtml(facts.teacher), note: escapeHtml(facts.note) };
  if (facts.withdrawn) return [fill(facts.type === 'excused' ? texts.correctedExcused : texts.correctedPresent, values), texts.correctedFooter];
  const body = fill(facts.type === 'late' ? texts.lateBody : texts.absentBody, values);
  return [body, ...(facts.note ? [fill(texts.note, values)] : []), escapeHtml(texts.replyHint)];
}

/** Title and HTML description of the alert for a family reading `languages`. */
export function renderAlert(facts: AlertFacts, languages: readonly DictionaryLanguage[]): { title: string; description: string } {
  const [first] = languages;
  const description = languages.map((lang) => paragraphsIn(attendanceAlertTexts[lang], facts).map((p) => `<p>${p}</p>`).join('')).join('<p></p>');
  return { title: titleIn(attendanceAlertTexts[first ?? 'es'], facts).slice(0, 200), description };
}

export const personName = (p: { first_name: string; last_name: string; last_name2: string | null }) =>
  formatFullName({ firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2 });
