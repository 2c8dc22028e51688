import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { notificationPolicies as p } from './notifications.policy';
import { UNSUBSCRIBE_PAGE_CSP, unsubscribedPage, unsubscribeQuestionPage } from './unsubscribe.page';
import { applyUnsubscribe, readUnsubscribe } from './unsubscribe.service';
import { UNSUBSCRIBE_TOKEN_DAYS } from './unsubscribe.token';

const tags = ['notifications'];

const ZUnsubscribeQuery = z.object({
  token: z.string().max(200).describe(`The signed token of the mail's List-Unsubscribe link (valid ${UNSUBSCRIBE_TOKEN_DAYS} days after the mail)`),
});

/**
 * RFC 8058's body; mail providers send it form-encoded or as multipart (which arrives here unread, as
 * null), and the token alone decides.
 */
const ZOneClick = z.object({ 'List-Unsubscribe': z.string().max(100).optional().describe('`One-Click`') }).nullish();

const ZUnsubscribed = z.object({
  channel: z.literal('email').describe('The channel now off'),
  enabled: z.literal(false),
});

const TOKEN_ERRORS =
  'A malformed or expired token answers 400 (`invalid_token`, `token_expired`), a forged one or one of another school 403, a person no longer in the school 404.';

function sendPage(reply: FastifyReply, html: string) {
  // The token is in the address: no Referer may carry it away, and no cache may keep the page.
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', UNSUBSCRIBE_PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(html);
}

/** A browser's form (it asks for HTML) gets a page back; a mail provider's one-click POST gets JSON. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.unsubscribePage),
    schema: {
      tags,
      summary: "The page of a mail's unsubscribe link: asks before turning emails off (no sign-in)",
      description: `A small page in the person's language with a button that POSTs to this same address. It changes nothing: mail scanners open every link. ${TOKEN_ERRORS}`,
      security: [],
      params: paramsOf(p.unsubscribePage),
      querystring: ZUnsubscribeQuery,
      response: { 200: fileAnswer('The confirmation page', mime.html), ...errors(400, 403, 404) },
    },
    handler: async (request, reply) => {
      const answer = await readUnsubscribe(contextOf(request), request.query.token);
      return sendPage(reply, unsubscribeQuestionPage(answer.school, answer.language));
    },
  });

  r.route({
    ...routeOf(p.unsubscribe),
    schema: {
      tags,
      summary: 'One-click unsubscribe (RFC 8058): turn the email channel off for the person of the token (no sign-in)',
      description:
        'The `List-Unsubscribe` address of a notification, digest or personal-notice mail, posted with the body `List-Unsubscribe=One-Click` ' +
        '(form-encoded or multipart; the signed token alone decides, so no sign-in and no CSRF token). Turns the person’s email channel off, ' +
        'drops the emails still waiting for them, and answers 200; again or twenty times at once, the same. A browser (Accept: text/html) gets a ' +
        `confirmation page. ${TOKEN_ERRORS}`,
      security: [],
      params: paramsOf(p.unsubscribe),
      querystring: ZUnsubscribeQuery,
      consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
      body: ZOneClick,
      response: {
        200: {
          description: 'Email is off for this person',
          content: { 'application/json': { schema: ZUnsubscribed }, [mime.html]: fileAnswer('', mime.html).content[mime.html] },
        },
        ...errors(400, 403, 404),
      },
    },
    handler: async (request, reply) => {
      const answer = await applyUnsubscribe(contextOf(request), request.query.token);
      if (wantsPage(request)) return sendPage(reply, unsubscribedPage(answer.school, answer.language, answer.settingsLink));
      return { channel: 'email' as const, enabled: false as const };
    },
  });
}
