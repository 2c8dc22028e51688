import { documentKeyOf, type MyRegistration, type Registration, type RegistrationsQuery } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { parseStagedForm, type StagedForm } from './registration.form';
import {
  countRegistrations, findNodeNames, findPeopleByDocumentKeys, findRegisteredChildren, findRegistration, findRegistrations,
} from './registration.queries';

type RegistrationRow = Awaited<ReturnType<typeof findRegistrations>>[number];
type Match = Registration['match'];

/**
 * GET registrations?status=: families by status (admins), with how many there are in all. Without
 * `page`/`limit` the first 500, as the list always answered; `limit` alone is the first page.
 */
export async function listRegistrations(ctx: RequestContext, query: RegistrationsQuery): Promise<{ items: Registration[]; total: number }> {
  const paged = query.page !== undefined || query.limit !== undefined;
  const limit = query.limit ?? 500;
  const page = paged ? { offset: ((query.page ?? 1) - 1) * limit, limit } : undefined;
  const total = await countRegistrations(ctx.db, ctx.org.id, query.status);
  const rows = await findRegistrations(ctx.db, ctx.org.id, query.status, page);
  return { items: await describeRegistrations(ctx, rows), total };
}

/**
 * Pending and rejected registrations are read from their staged form (nothing of them exists in the
 * school), each person with the `match` approval would attach to: the person of the school who holds
 * the same document. Approved ones are read from the real people.
 */
export async function describeRegistrations(ctx: RequestContext, rows: RegistrationRow[]): Promise<Registration[]> {
  const forms = new Map(rows.map((r) => [r.person_id, parseStagedForm(r.form)]));
  const staged = rows.filter((r) => r.status !== 'approved');
  const documents = staged.flatMap((r) => documentsOf(forms.get(r.person_id)!, r.document));
  const matches = await findPeopleByDocumentKeys(ctx.db, ctx.org.id, documents.map(documentKeyOf).filter((k): k is string => k !== null));
  const matchOf = (document: string | null): Match => matches.get(documentKeyOf(document) ?? '') ?? null;
  const courseIds = staged.flatMap((r) => forms.get(r.person_id)!.children.map((c) => c.course)).filter((id): id is number => id !== null);
  const courses = await findNodeNames(ctx.db, ctx.org.id, courseIds);
  const approvedChildren = await findRegisteredChildren(ctx.db, ctx.org.id, rows.filter((r) => r.status === 'approved').map((r) => r.person_id));

  return rows.map((r) => {
    const form = forms.get(r.person_id)!;
    const isApproved = r.status === 'approved';
    const parentDocument = isApproved ? r.document : (form.parentDocument ?? r.document);
    return {
      personId: r.person_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email ?? '',
      document: parentDocument,
      match: isApproved ? null : matchOf(parentDocument),
      emailVerified: r.email_verified_at !== null,
      status: r.status,
      createdAt: r.created_at,
      children: isApproved
        ? approvedChildren
            .filter((c) => c.parentId === r.person_id)
            .map((c) => ({
              id: c.id, firstName: c.first_name, lastName: c.last_name, document: c.document,
              birthday: dateOnly(c.birthday), gender: genderOf(c.gender),
              course: { id: c.nodeId, name: c.nodeName }, enrollmentStatus: c.enrollment_status, match: null,
            }))
        : form.children.map((c) => ({
            id: null, firstName: c.firstName, lastName: c.lastName, document: c.document,
            birthday: dateOnly(c.birthday), gender: genderOf(c.gender),
            course: courseRef(c.course, courses),
            // Nothing is enrolled before approval; a rejected form was never enrolled at all.
            enrollmentStatus: r.status === 'pending' ? 'pending' : null,
            match: matchOf(c.document),
          })),
      relatives: form.relatives.map((p) => ({
        firstName: p.firstName, lastName: p.lastName, kind: p.kind, document: p.document, match: isApproved ? null : matchOf(p.document),
      })),
    };
  });
}

/** GET registration/mine: the caller's own registration (the one screen a pending account sees). */
export async function getMyRegistration(ctx: RequestContext): Promise<MyRegistration> {
  const caller = requireCaller(ctx);
  const row = await findRegistration(ctx.db, ctx.org.id, caller.id);
  if (!row) throw notFound('You did not register yourself in this school');
  const form = parseStagedForm(row.form);
  let children: MyRegistration['children'];
  if (row.form === null && row.status === 'approved') {
    children = (await findRegisteredChildren(ctx.db, ctx.org.id, [caller.id])).map((c) => ({
      firstName: c.first_name, lastName: c.last_name, course: { id: c.nodeId, name: c.nodeName },
    }));
  } else {
    const courses = await findNodeNames(ctx.db, ctx.org.id, form.children.map((c) => c.course).filter((id): id is number => id !== null));
    children = form.children.map((c) => ({ firstName: c.firstName, lastName: c.lastName, course: courseRef(c.course, courses) }));
  }
  return {
    status: row.status,
    emailVerified: row.email_verified_at !== null,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email ?? '',
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    children,
  };
}

function documentsOf(form: StagedForm, storedDocument: string | null): (string | null)[] {
  return [form.parentDocument ?? storedDocument, ...form.children.map((c) => c.document), ...form.relatives.map((r) => r.document)];
}

/** A birthday as YYYY-MM-DD, or null: a staged form of older code may hold anything. */
function dateOnly(value: string | null | undefined): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** Only the two genders the school records; anything else in an old staged form reads as unknown. */
function genderOf(value: unknown): 'female' | 'male' | null {
  return value === 'female' || value === 'male' ? value : null;
}

function courseRef(id: number | null, names: Map<number, string>): { id: number; name: string } | null {
  return id !== null && names.has(id) ? { id, name: names.get(id)! } : null;
}
