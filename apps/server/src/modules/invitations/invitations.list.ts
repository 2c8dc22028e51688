import type { Invitation, InvitationCounts, InvitationsQuery, InvitationStatus } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { findNodes, subtreeIds } from '../nodes/index';
import { countInvitations, findInvitationPage, findInvitationRow, type InvitationListRow, type Population } from './invitations.queries';

/** Whom a list is about: a node's families (404 for a node of no group of this school), else the school. */
async function populationOf(ctx: RequestContext, node: number | undefined): Promise<Population> {
  if (node === undefined) return { school: true };
  const nodes = await findNodes(ctx.db, ctx.org.id);
  if (!nodes.some((n) => n.id === node)) throw notFound('There is no such group in this school');
  return { nodeIds: subtreeIds(nodes, node) };
}

function toInvitation(row: InvitationListRow): Invitation {
  return {
    personId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    lastName2: row.last_name2,
    email: row.email || null,
    hasPassword: row.password_hash !== null,
    status: (row.status ?? 'not_sent') as InvitationStatus,
    sendCount: Number(row.send_count ?? 0),
    sentAt: row.sent_at,
    openedAt: row.opened_at,
    signedInAt: row.signed_in_at,
  };
}

/** GET invitations: one page of the people (a node's families, or the school's adults and anyone invited) with their invitation. */
export async function listInvitations(ctx: RequestContext, query: InvitationsQuery): Promise<{ items: Invitation[]; total: number }> {
  const population = await populationOf(ctx, query.node);
  const { rows, total } = await findInvitationPage(
    ctx.db,
    ctx.org.id,
    { population, status: query.status },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: rows.map(toInvitation), total };
}

/** GET invitations/counts: how many of the same people stand at each status. */
export async function countInvitationStatuses(ctx: RequestContext, node: number | undefined): Promise<InvitationCounts> {
  const groups = await countInvitations(ctx.db, ctx.org.id, await populationOf(ctx, node));
  const counts: InvitationCounts = { total: 0, notSent: 0, sent: 0, opened: 0, signedIn: 0, withoutEmail: 0 };
  const field = { sent: 'sent', opened: 'opened', signed_in: 'signedIn' } as const;
  for (const group of groups) {
    counts.total += group.count;
    counts.withoutEmail += group.withoutEmail;
    const key = group.status ? field[group.status as keyof typeof field] : 'notSent';
    if (key) counts[key] += group.count;
  }
  return counts;
}

/** GET invitations/{personId}: one person's invitation (404: no such person, or a registration not approved). */
export async function getInvitation(ctx: RequestContext, personId: number): Promise<Invitation> {
  const row = await findInvitationRow(ctx.db, ctx.org.id, personId);
  if (!row) throw notFound('There is no such person in this school');
  return toInvitation(row);
}
