import { documentKeyOf, type MyRegistration, type Registration, type RegistrationLinking, type RegistrationsQuery } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { parseStagedForm, type StagedForm } from './registration.form';
import { findLinkDecisions, findLinksOfRegistrations, findPeopleDetails } from './registration.links.queries';
import { type FormMatches, linkChoicesOf } from './registration.matches';
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
  const details = await findPeopleDetails(ctx.db, ctx.org.id, [...matches.values()].map((m) => m.id));
  const matchOf = (document: string | null): Match => {
    const match = matches.get(documentKeyOf(document) ?? '');
    if (!match) return null;
    const more = details.get(match.id);
    return { ...match, email: more?.email?.trim() || null, mobile: more?.mobile?.trim() || null, hasAccount: more?.hasAccount ?? false };
  };
  // The same matches the cards show decide which ways of linking are open.
  const formMatchesOf = (r: RegistrationRow): FormMatches => {
    const form = forms.get(r.person_id)!;
    const parent = ownMatch(matchOf(form.parentDocument ?? r.document), r.person_id);
    const others = [...form.children, ...form.relatives].map((p) => ownMatch(matchOf(p.document), r.person_id)).filter((m) => m !== null);
    return {
      parent: parent && { id: parent.id, firstName: parent.firstName, email: parent.email?.trim() || null, language: null },
      others: [...new Set(others.map((m) => m.id))],
    };
  };
  const linkings = await describeLinking(ctx, rows, formMatchesOf);
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
      mobile: r.mobile,
      document: parentDocument,
      // The registrant's own row holds the document once approved as the school's record of them.
      match: isApproved ? null : ownMatch(matchOf(parentDocument), r.person_id),
      linking: linkings.get(r.person_id) ?? null,
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

/** Null when the document's holder is the registrant themselves (nothing to warn about). */
function ownMatch(match: Match, registrantId: number): Match {
  return match && match.id !== registrantId ? match : null;
}

/**
 * Per registration: how it may be linked now, the confirmation sent for it and the administrator
 * decision that linked it (decision 023). Null for a form that matches nobody and was never linked.
 */
async function describeLinking(
  ctx: RequestContext,
  rows: RegistrationRow[],
  formMatchesOf: (r: RegistrationRow) => FormMatches,
): Promise<Map<number, RegistrationLinking | null>> {
  const links = await findLinksOfRegistrations(ctx.db, ctx.org.id, rows.map((r) => r.id));
  const decisions = await findLinkDecisions(ctx.db, ctx.org.id, { registrationIds: rows.map((r) => r.id) });
  const result = new Map<number, RegistrationLinking | null>();
  const now = new Date().toISOString();
  for (const r of rows) {
    const link = links.get(r.id) ?? null;
    const decision = decisions.find((d) => d.registration_id === r.id);
    const choices = r.status === 'pending' ? linkChoicesOf(formMatchesOf(r), link, now) : [];
    if (!link && !decision && choices.length === 0) {
      result.set(r.person_id, null);
      continue;
    }
    result.set(r.person_id, {
      choices,
      confirmation: link && {
        status: link.status === 'pending' && link.expires_at <= now ? 'expired' : link.status,
        sentTo: link.sent_to,
        sentAt: link.sent_at,
        expiresAt: link.expires_at,
        answeredAt: link.answered_at,
      },
      decision: decision ? { reason: decision.reason, decidedBy: decision.decided_by_name, decidedAt: decision.decided_at } : null,
    });
  }
  return result;
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
