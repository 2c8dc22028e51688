import { z } from 'zod';
import { ZId, ZIdText, zQueryInteger } from './ids';
import { ZTokenResponse } from './auth';

/**
 * Where a person's invitation stands: never sent, sent (the mail is on its way or waiting in the
 * inbox), opened (the welcome screen read the link), signed in (by the link or later by password).
 */
export const ZInvitationStatus = z.enum(['not_sent', 'sent', 'opened', 'signed_in']);
export type InvitationStatus = z.infer<typeof ZInvitationStatus>;

/** One person as the administrators' invitations list shows them. */
export const ZInvitation = z.object({
  personId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  lastName2: z.string().nullable(),
  email: z.string().nullable().describe('Where the invitation goes; without one the person cannot be invited'),
  hasPassword: z.boolean().describe('The person already has a password: their link signs them in without a password step'),
  status: ZInvitationStatus,
  sendCount: z.number().int().describe('How many invitations were sent to this person'),
  sentAt: z.string().nullable().describe('When the latest invitation was sent'),
  openedAt: z.string().nullable().describe('When the latest link was opened'),
  signedInAt: z.string().nullable().describe('When the person first signed in after being invited'),
});
export type Invitation = z.infer<typeof ZInvitation>;

/** Query of GET invitations: the families of a node (and below), one status, paged (X-Total-Count). */
export const ZInvitationsQuery = z.object({
  node: ZIdText.optional().describe('Only the families of this group: relatives of its students and its adult members, in it and below it'),
  status: ZInvitationStatus.optional(),
  page: zQueryInteger(1, 100_000).default(1),
  limit: zQueryInteger(1, 100).default(20),
});
export type InvitationsQuery = z.infer<typeof ZInvitationsQuery>;

/** Query of GET invitations/counts. */
export const ZInvitationCountsQuery = ZInvitationsQuery.pick({ node: true });

/** Answer of GET invitations/counts: how many people stand at each status, and how many have no email. */
export const ZInvitationCounts = z.object({
  total: z.number().int(),
  notSent: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  signedIn: z.number().int(),
  withoutEmail: z.number().int().describe('People counted in total who have no email address and cannot be invited'),
});
export type InvitationCounts = z.infer<typeof ZInvitationCounts>;

/**
 * Body of POST invitations: exactly one of `personIds` or `nodeId`. People who already have a
 * password or signed in are skipped unless `includeActive` is true.
 */
export const ZSendInvitationsRequest = z
  .object({
    personIds: z.array(ZId).min(1).max(1000).optional(),
    nodeId: ZId.optional().describe('Invite the families of this group: relatives of its students and its adult members, in it and below it'),
    includeActive: z.boolean().default(false).describe('Also invite people who already have a password or signed in'),
  })
  .refine((body) => (body.personIds === undefined) !== (body.nodeId === undefined), {
    error: 'Send either personIds or nodeId',
  });
export type SendInvitationsRequest = z.infer<typeof ZSendInvitationsRequest>;

/** Why a person was left out of a bulk send. */
export const ZInvitationSkipReason = z.enum(['no_email', 'already_active', 'registration_pending']);
export type InvitationSkipReason = z.infer<typeof ZInvitationSkipReason>;

/** Answer of POST invitations: how many were sent, and how many were skipped and why. */
export const ZSendInvitationsResult = z.object({
  sent: z.number().int(),
  skipped: z.object({
    total: z.number().int(),
    noEmail: z.number().int().describe('No email address to send to'),
    alreadyActive: z.number().int().describe('Already has a password or signed in (send again with includeActive)'),
    registrationPending: z.number().int().describe('A self-registration the school has not approved'),
  }),
});
export type SendInvitationsResult = z.infer<typeof ZSendInvitationsResult>;

/** Body of POST invitations/welcome: the token of the mailed link. */
export const ZWelcomeRequest = z.object({ token: z.string().min(16).max(200) });

/** Answer of POST invitations/welcome: who the link is for, to greet them before they set a password. */
export const ZWelcome = z.object({
  firstName: z.string(),
  lastName: z.string(),
  school: z.string().describe('The school title'),
  username: z.string().describe('What the person signs in with from now on'),
  email: z.string().nullable(),
  hasPassword: z.boolean().describe('True: the link signs in without a password step'),
  expiresAt: z.string(),
});
export type Welcome = z.infer<typeof ZWelcome>;

/** Body of POST invitations/welcome/accept: a new password, required unless the person already has one. */
export const ZWelcomeAcceptRequest = z.object({
  token: z.string().min(16).max(200),
  password: z.string().max(4096).optional(),
});

/** Answer of the routes that set a password and sign in: the access token and the username to use next time. */
export const ZSignedInWithUsername = ZTokenResponse.extend({ username: z.string() });
export type SignedInWithUsername = z.infer<typeof ZSignedInWithUsername>;
