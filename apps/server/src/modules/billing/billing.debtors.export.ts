import { toMajor } from '@patio/core';
import type { DictionaryLanguage } from '@patio/core/i18n/index';
import type { RequestContext } from '../../http/context';
import { tableFile, type SpreadsheetFormat, type TableFile } from '../../platform/spreadsheet/index';
import { listDebtors } from './billing.debtors';

// GET billing/debtors.csv (issue 34 §3): every line of GET billing/debtors, for treasury's own
// spreadsheet, as CSV or XLSX. Amounts in major units of the currency (450000.5, not minor units), so a
// spreadsheet can sum them; the CSV writes them with the language's decimal separator.

type Titles = { file: string; student: string; relatives: string; overdue: string; pending: string; debits: string; oldest: string; days: string; currency: string };

const titles: Record<DictionaryLanguage, Titles> = {
  es: { file: 'deudores', student: 'Estudiante', relatives: 'Familiares', overdue: 'Vencido', pending: 'Pendiente', debits: 'Cobros vencidos', oldest: 'Vencimiento más antiguo', days: 'Días de mora', currency: 'Moneda' },
  en: { file: 'debtors', student: 'Student', relatives: 'Relatives', overdue: 'Overdue', pending: 'Pending', debits: 'Overdue debits', oldest: 'Oldest expiration', days: 'Days overdue', currency: 'Currency' },
  de: { file: 'schuldner', student: 'Schüler/in', relatives: 'Angehörige', overdue: 'Überfällig', pending: 'Offen', debits: 'Überfällige Forderungen', oldest: 'Älteste Fälligkeit', days: 'Tage im Verzug', currency: 'Währung' },
  fr: { file: 'debiteurs', student: 'Élève', relatives: 'Famille', overdue: 'Échu', pending: 'À payer', debits: 'Débits échus', oldest: 'Échéance la plus ancienne', days: 'Jours de retard', currency: 'Devise' },
  it: { file: 'debitori', student: 'Studente', relatives: 'Familiari', overdue: 'Scaduto', pending: 'Da pagare', debits: 'Addebiti scaduti', oldest: 'Scadenza più vecchia', days: 'Giorni di ritardo', currency: 'Valuta' },
  pt: { file: 'devedores', student: 'Estudante', relatives: 'Familiares', overdue: 'Vencido', pending: 'Pendente', debits: 'Cobranças vencidas', oldest: 'Vencimento mais antigo', days: 'Dias de atraso', currency: 'Moeda' },
};

/** Far above a school's students: the export holds every debtor the list would page through. */
const ALL = 100_000;

export async function exportDebtors(
  ctx: RequestContext,
  query: { node?: number; minDaysOverdue: number; lang?: DictionaryLanguage },
  format: SpreadsheetFormat,
): Promise<TableFile> {
  const language = query.lang ?? 'es';
  const t = titles[language];
  const { items } = await listDebtors(ctx, { page: 1, limit: ALL, node: query.node, minDaysOverdue: query.minDaysOverdue });
  return tableFile(format, {
    stem: t.file,
    sheetName: t.file,
    header: [t.student, t.relatives, t.overdue, t.pending, t.debits, t.oldest, t.days, t.currency],
    rows: items.map((d) => [
      d.person.name,
      d.relatives.map((r) => r.name).join(', '),
      toMajor(d.overdue, d.currency),
      toMajor(d.pending, d.currency),
      d.overdueCount,
      d.oldestExpiration,
      d.daysOverdue,
      d.currency,
    ]),
    language,
  });
}
