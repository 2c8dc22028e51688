import { ZInvitation, ZInvitationCounts, ZInvitationCountsQuery, ZInvitationsQuery, ZSendInvitationsRequest, ZSendInvitationsResult } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { invitationsPolicies as p } from './invitations.policy';
import { countInvitationStatuses, getInvitation, listInvitations } from './invitations.list';
import { INVITATION_DAYS, sendInvitation, sendInvitations } from './invitations.send';
import { welcomeRoutes } from './welcome.routes';

const families =
  'A group\'s families are the parent-like relatives (father, mother, guardian…) of its current students and its members in ' +
  'any other role (teachers, staff), in the group and every group below it.';
const theMail =
  `Each invitation is a mail in the person's language with a one-time link \`<origin>/welcome?school=<code>&token=<token>\` ` +
  `valid ${INVITATION_DAYS} days; a new send replaces the person's earlier link. A person without a username gets one ` +
  '(their email address when free). Someone who already has a password gets a link that signs them in without a password step.';

export async function invitationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];

  r.route({
    ...routeOf(p.sendInvitations),
    schema: {
      tags,
      summary: 'Invite people or a group\'s families (school administrators)',
      description:
        `Exactly one of \`personIds\` (all of this school, else 404 and nothing sent) or \`nodeId\`. ${families} Skipped, and ` +
        'counted by reason: people without an email, unapproved self-registrations, and (unless `includeActive`) people ' +
        `who already have a password or signed in. ${theMail} One transaction: everything is sent, or nothing.`,
      params: paramsOf(p.sendInvitations),
      body: ZSendInvitationsRequest,
      response: { 200: ZSendInvitationsResult, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => sendInvitations(contextOf(request), request.body),
  });

  r.route({
    ...routeOf(p.listInvitations),
    schema: {
      tags,
      summary: 'Who was invited and who got in (school administrators)',
      description:
        `With \`node\`: that group's families. ${families} Without it: everyone of the school who is not a current student, ` +
        'and anyone invited. Unapproved self-registrations never appear. `status` filters (not_sent, sent, opened, signed_in). ' +
        'In name order; the total is in the `X-Total-Count` header.',
      params: paramsOf(p.listInvitations),
      querystring: ZInvitationsQuery,
      response: { 200: z.array(ZInvitation), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listInvitations(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.countInvitations),
    schema: {
      tags,
      summary: 'How many people stand at each invitation status (school administrators)',
      description: 'The same people as GET invitations with the same `node`.',
      params: paramsOf(p.countInvitations),
      querystring: ZInvitationCountsQuery,
      response: { 200: ZInvitationCounts, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => countInvitationStatuses(contextOf(request), request.query.node),
  });

  r.route({
    ...routeOf(p.getInvitation),
    schema: {
      tags,
      summary: 'One person\'s invitation (school administrators)',
      description: '404 for a person of another school or an unapproved self-registration.',
      params: paramsOf(p.getInvitation),
      response: { 200: ZInvitation, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getInvitation(contextOf(request), request.params.personId),
  });

  r.route({
    ...routeOf(p.sendInvitation),
    schema: {
      tags,
      summary: 'Send one person\'s invitation, or send it again (school administrators)',
      description:
        `${theMail} Also for people who already have a password. 409 no_email when the person has no email address, 409 ` +
        'registration_pending for an unapproved self-registration. Answers the person\'s invitation as it is now.',
      params: paramsOf(p.sendInvitation),
      response: { 200: ZInvitation, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      await sendInvitation(ctx, request.params.personId);
      return getInvitation(ctx, request.params.personId);
    },
  });

  await app.register(welcomeRoutes);
}
