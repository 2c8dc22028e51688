import type { DictionaryLanguage } from '@patio/core/i18n/index';
import { loadDirectoryTerms } from '@patio/core/i18n/directory/index';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { tableFile, type SpreadsheetFormat, type TableFile } from '../../platform/spreadsheet/index';
import { listedFor } from '../../policy/registrants.sql';
import { findMemberContacts } from './members-export.queries';
import { groupMembers } from './members-grouping';
import { canSeeEnrollment } from './nodes.access';
import { findMembers, findNode } from './nodes.queries';

export interface MembersCsvQuery {
  lang?: DictionaryLanguage;
  delimiter?: 'comma' | 'semicolon';
}

/**
 * GET nodes/{id}/members.csv (CSV or XLSX): the current members as the member list shows them, one line per person
 * with their roles in the node (issue 8: as many lines as the list has people). Enrollment, email and
 * mobile only for the staff who see them in the list (school-wide staff and the staff of the node's
 * subtree), documents only for administrators and school-wide employees. Column titles, roles and
 * statuses in `lang`, which also picks the CSV delimiter unless `delimiter` is given.
 */
export async function exportMembers(ctx: RequestContext, nodeId: number, query: MembersCsvQuery, format: SpreadsheetFormat): Promise<TableFile> {
  const caller = requireCaller(ctx);
  const node = await findNode(ctx.db, ctx.org.id, nodeId);
  if (!node) throw notFound('There is no such node in this school');
  const seesSchoolData = await canSeeEnrollment(ctx.db, caller, nodeId);
  const seesDocuments = caller.isAdmin || caller.isSchoolWide;
  const members = groupMembers(await findMembers(ctx.db, ctx.org.id, nodeId, listedFor(caller)), (m) => m);
  const contacts = seesSchoolData ? await findMemberContacts(ctx.db, ctx.org.id, members.map((m) => m.row.id)) : new Map();
  const terms = await loadDirectoryTerms(query.lang ?? 'es');
  const label = <T extends Record<string, string>>(names: T, key: string | null) => (key === null ? '' : (names[key] ?? key));

  const header = [terms.import.fields.firstName, terms.import.fields.lastName, terms.import.fields.lastName2];
  if (seesDocuments) header.push(terms.person.document);
  header.push(terms.nodes.role);
  if (seesSchoolData) header.push(terms.nodes.csvEnrollmentStatus, terms.person.email, terms.person.mobile);

  const rows = members.map(({ row: m, memberships }) => {
    const contact = contacts.get(m.id);
    const row: (string | null)[] = [m.first_name, m.last_name, m.last_name2];
    if (seesDocuments) row.push(contact?.document ?? null);
    row.push(memberships.map((r) => label(terms.roles, r.role)).join(', '));
    // Only a student membership has an enrollment status.
    if (seesSchoolData) {
      const enrollment = memberships.find((r) => r.enrollment_status)?.enrollment_status ?? null;
      row.push(label(terms.enrollment, enrollment), contact?.email ?? null, contact?.mobile ?? null);
    }
    return row;
  });
  return tableFile(format, { stem: node.name, sheetName: node.name, header, rows, language: query.lang ?? 'es', delimiter: query.delimiter });
}
