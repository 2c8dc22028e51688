import { formatFullName } from '@patio/core';
import { loadDirectoryTerms } from '@patio/core/i18n/directory/index';
import type { DictionaryLanguage } from '@patio/core/i18n/index';
import type { RequestContext } from '../../http/context';
import { tableFile, type SpreadsheetFormat, type TableFile } from '../../platform/spreadsheet/index';
import { findParentLikeRelations, findPeopleNames, findRequestsOf } from './activities.queries';
import { groupsOf } from './activities.requests';
import { requireActivity } from './activities.service';

// GET activities/{id}/roster.csv (issue 37 §1): the accepted students, one line each, with their group
// and their parent-like relatives' names and emails, through the one spreadsheet writer of every export
// (CSV in the language's delimiter or XLSX, formula-safe cells).

export interface RosterQuery {
  lang?: DictionaryLanguage;
  delimiter?: 'comma' | 'semicolon';
}

export async function exportRoster(ctx: RequestContext, nodeId: number, query: RosterQuery, format: SpreadsheetFormat): Promise<TableFile> {
  const orgId = ctx.org.id;
  const activity = await requireActivity(ctx, nodeId);
  const studentIds = (await findRequestsOf(ctx.db, orgId, activity.id)).filter((r) => r.status === 'accepted').map((r) => r.student_id);
  const relations = await findParentLikeRelations(ctx.db, orgId, studentIds);
  const names = await findPeopleNames(ctx.db, orgId, [...studentIds, ...relations.map((r) => r.relative_id)]);
  const groups = await groupsOf(ctx, studentIds);
  const fullName = (id: number) => {
    const p = names.get(id);
    return p ? formatFullName({ firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2 }) : '';
  };
  const sortKey = (id: number) => {
    const p = names.get(id);
    return p ? `${p.last_name}\t${p.last_name2 ?? ''}\t${p.first_name}` : '';
  };
  const students = [...new Set(studentIds)].filter((id) => names.has(id)).sort((a, b) => sortKey(a).localeCompare(sortKey(b), 'es') || a - b);

  const terms = await loadDirectoryTerms(query.lang ?? 'es');
  const header = [
    terms.import.fields.firstName,
    terms.import.fields.lastName,
    terms.import.fields.lastName2,
    terms.people.nodeFilter,
    terms.person.relatives,
    terms.person.email,
  ];
  const rows = students.map((id) => {
    const p = names.get(id)!;
    const relatives = relations.filter((r) => r.person_id === id && names.has(r.relative_id)).map((r) => r.relative_id);
    return [
      p.first_name,
      p.last_name,
      p.last_name2,
      groups.get(id)?.name ?? '',
      relatives.map(fullName).join(', '),
      relatives.flatMap((r) => (names.get(r)?.email ? [names.get(r)!.email!] : [])).join(', '),
    ];
  });
  return tableFile(format, { stem: activity.name, sheetName: activity.name, header, rows, language: query.lang ?? 'es', delimiter: query.delimiter });
}
