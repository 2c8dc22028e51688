import { ssoCallbackPath } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors } from '../../http/schemas';

// Apple answers with response_mode=form_post when the email is asked for: the browser POSTs code, state
// and, on the first sign-in only, `user` ({"email", "name"}) to the redirect URI. The web app cannot read
// a POST, so the server turns it into the same address with a query (303), where the callback screen
// finishes the sign-in with POST oauth/apple {email, code, state} (spec §7).

const field = (body: unknown, name: string): string | null => {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' && value.length <= 4096 ? value : null;
};

/** The email Apple posts in `user` on the first sign-in, if any. */
function emailOfUser(user: string | null): string | null {
  if (!user) return null;
  try {
    const parsed = JSON.parse(user) as { email?: unknown };
    return typeof parsed.email === 'string' ? parsed.email : null;
  } catch {
    return null;
  }
}

/** POST /oauth/apple/callback → 303 /oauth/apple/callback?code=…&state=…[&email=…][&error=…]. */
export async function registerAppleRelay(app: FastifyInstance): Promise<void> {
  const appleForm = z.object({
    code: z.string().optional().describe('The authorization code'),
    state: z.string().optional().describe('The state the sign-in started with'),
    error: z.string().optional().describe('Why Apple did not sign the person in'),
    user: z.string().optional().describe('JSON {"email", "name"}, on the first sign-in only'),
  });
  const schema = {
    tags: ['auth'],
    summary: 'Apple posts its sign-in answer here; the browser is sent on to the same address with a query',
    description:
      'Apple answers with response_mode=form_post. The web app cannot read a POST, so this answers 303 to ' +
      '`/oauth/apple/callback?code=…&state=…[&email=…][&error=…]`, where the callback screen finishes the sign-in with POST oauth/apple.',
    security: [],
    documentedBody: { 'application/x-www-form-urlencoded': appleForm },
    response: { 303: z.undefined().describe('To the callback screen (Location)'), ...errors(400) },
  };
  app.post(ssoCallbackPath('apple'), { schema }, async (request, reply) => {
    const query = new URLSearchParams();
    for (const name of ['code', 'state', 'error']) {
      const value = field(request.body, name);
      if (value) query.set(name, value);
    }
    const email = emailOfUser(field(request.body, 'user'));
    if (email) query.set('email', email);
    reply.header('referrer-policy', 'no-referrer');
    return reply.redirect(`${ssoCallbackPath('apple')}?${query}`, 303);
  });
}
