import type { SubmissionStatus } from '@patio/core';
import { dictionaryLanguageOf, matchInterfaceLanguage, type DictionaryLanguage } from '@patio/core/i18n/index';
import { loadDirectoryTerms } from '@patio/core/i18n/directory/index';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { tableFile, type SpreadsheetFormat, type TableCell, type TableFile } from '../../platform/spreadsheet/index';
import { schoolLanguageOf, timeZoneOf } from '../settings/index';
import { findGradebookTasks, findGroup, findPersonLanguage, findStudentsOf, findSubmissions } from './classroom.queries';
import { statusOf } from './classroom.service';

// GET nodes/{groupId}/grades.csv (issue 35 §2): the group's gradebook for the teacher's spreadsheet,
// CSV or XLSX like every export (platform/spreadsheet). One row per current student with the name
// columns of the members export, one column per published task (title and due date, in the school's
// time zone); a cell holds the grade once there is one (a number the spreadsheet can average), else
// the status of the work in the file's language — `missing` for an assigned task past its due date,
// as everywhere (decision 031). Four queries whatever the size of the group.

type Words = { file: string; due: string } & Record<SubmissionStatus, string>;

const words: Record<DictionaryLanguage, Words> = {
  es: { file: 'calificaciones', due: 'entrega', assigned: 'Asignada', turned_in: 'Entregada', late: 'Entregada tarde', returned: 'Devuelta', missing: 'Sin entregar' },
  en: { file: 'grades', due: 'due', assigned: 'Assigned', turned_in: 'Turned in', late: 'Turned in late', returned: 'Returned', missing: 'Missing' },
  de: { file: 'noten', due: 'fällig', assigned: 'Zugewiesen', turned_in: 'Abgegeben', late: 'Verspätet abgegeben', returned: 'Zurückgegeben', missing: 'Fehlt' },
  fr: { file: 'notes', due: 'à rendre le', assigned: 'Attribué', turned_in: 'Remis', late: 'Remis en retard', returned: 'Rendu', missing: 'Manquant' },
  it: { file: 'voti', due: 'scadenza', assigned: 'Assegnato', turned_in: 'Consegnato', late: 'Consegnato in ritardo', returned: 'Restituito', missing: 'Mancante' },
  pt: { file: 'notas', due: 'entrega', assigned: 'Atribuída', turned_in: 'Entregue', late: 'Entregue com atraso', returned: 'Devolvida', missing: 'Não entregue' },
};

export interface GradesQuery {
  lang?: DictionaryLanguage;
  delimiter?: 'comma' | 'semicolon';
}

/** `lang` when asked, else the caller's interface language, else the school's. */
async function languageFor(ctx: RequestContext, asked: DictionaryLanguage | undefined): Promise<DictionaryLanguage> {
  if (asked) return asked;
  const own = await findPersonLanguage(ctx.db, ctx.org.id, requireCaller(ctx).id);
  return own ? dictionaryLanguageOf(matchInterfaceLanguage(own)) : schoolLanguageOf(ctx.org.settings);
}

/** The calendar day of an instant in the school's time zone, as YYYY-MM-DD (what every spreadsheet reads as a date). */
function dayOf(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

/** The gradebook of a group as a CSV or XLSX file. */
export async function exportGrades(ctx: RequestContext, nodeId: number, query: GradesQuery, format: SpreadsheetFormat): Promise<TableFile> {
  const group = await findGroup(ctx.db, ctx.org.id, nodeId);
  if (!group) throw notFound('There is no such group');
  const language = await languageFor(ctx, query.lang);
  const w = words[language];
  const terms = await loadDirectoryTerms(language);
  const timeZone = timeZoneOf(ctx.org.settings);

  const students = await findStudentsOf(ctx.db, ctx.org.id, nodeId);
  const tasks = await findGradebookTasks(ctx.db, ctx.org.id, nodeId);
  const submissions = await findSubmissions(ctx.db, ctx.org.id, tasks.map((task) => task.id), students.map((s) => s.id));
  const byPair = new Map(submissions.map((s) => [`${s.classroom_post_id}:${s.student_id}`, s]));
  const now = Date.now();

  const header = [
    terms.import.fields.firstName,
    terms.import.fields.lastName,
    terms.import.fields.lastName2,
    ...tasks.map((task) => (task.due_date === null ? task.title : `${task.title} (${w.due} ${dayOf(task.due_date, timeZone)})`)),
  ];
  const rows = students.map((student) => {
    const cells: TableCell[] = [student.first_name, student.last_name, student.last_name2];
    for (const task of tasks) {
      const row = byPair.get(`${task.id}:${student.id}`);
      cells.push(row?.grade != null ? Number(row.grade) : w[statusOf(row, task.due_date, now)]);
    }
    return cells;
  });
  const stem = `${group.name} - ${w.file}`;
  return tableFile(format, { stem, sheetName: group.name, header, rows, language, delimiter: query.delimiter });
}
