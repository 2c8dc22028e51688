import { ZIdCode } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { idcardsPolicies as p } from './idcards.policy';
import { getIdCode } from './idcards.service';

/** The school ID card's daily code under /api/{org}/ (issue 36 §3). */
export async function idcardsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.readIdCode),
    schema: {
      tags: ['people'],
      summary: "A student's ID card code for today",
      description:
        "The person, their parent-like relatives and administrators; anyone else of the school 403, an id of no person of the school 404. " +
        'Only a current student (an enrollment not ended, a registration approved) has a card: anyone else 404 `no_id_card`. ' +
        "`code` is what the card's QR code carries: `v1.<orgId>.<personId>.<YYYY-MM-DD>.<mac>`, the mac a base64url HMAC-SHA256 of the " +
        "first four parts under a key of the school derived from the server's signing secret. It is good for `day` (today in the school's " +
        'time zone) only, until `validUntil` (epoch s, the next midnight there); staff scan it with POST attendance/checkpoints/{nodeId}/scan. ' +
        'The same person asking twice the same day gets the same code.',
      params: paramsOf(p.readIdCode),
      response: { 200: ZIdCode, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getIdCode(contextOf(request), request.params.id),
  });
}
