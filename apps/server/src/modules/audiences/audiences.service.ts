import { AudienceRuleError, parseAudienceRule, type AudiencePreview, type AudiencePreviewRequest, type AudienceRule } from '@patio/core';
import { SqliteAdapter } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { RequestContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { signedAvatarUrl } from '../people/avatar.service';
import { notAnUnapprovedRegistrant } from '../people/registrants';
import { parentLikeKinds } from '../people/relationships';
import { checkRuleForCaller } from './audiences.access';
import { findNodeTree } from './audiences.queries';
import { AudienceSql } from './audiences.sql';
import { NodeTree } from './audiences.tree';

const SAMPLE_SIZE = 20;

/** Checks a rule tree; an unknown field or operator is a 400 naming where it is, and nothing runs. */
export function checkAudienceRule(rules: unknown): AudienceRule {
  try {
    return parseAudienceRule(rules);
  } catch (err) {
    if (err instanceof AudienceRuleError) throw new HttpError(400, err.code, `Invalid audience rule at ${err.message}`);
    throw err;
  }
}

/**
 * The SELECT of matching people ids (and, when asked, their parent-like relatives). Nobody whose
 * registration is not approved is ever part of an audience (issue 6 item 5).
 */
async function audienceQuery(db: Database, orgId: number, rule: AudienceRule, options: { includeRelatives?: boolean }) {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const translator = new AudienceSql(orgId, new NodeTree(await findNodeTree(db, orgId)), isSqlite);
  // Translate before building so a rule error (unknown node, debtor) is thrown here, synchronously.
  const matched = db
    .selectFrom('people')
    .select('people.id')
    .where(scopedToOrg(orgId, 'people'))
    .where(notAnUnapprovedRegistrant(orgId))
    .where((eb) => translator.where(eb, rule));
  matched.compile();
  if (!options.includeRelatives) return matched;
  const relatives = db
    .selectFrom('relationships')
    .select('relationships.relative_id as id')
    .where('relationships.org_id', '=', orgId)
    .where('relationships.kind', 'in', [...parentLikeKinds])
    .where('relationships.person_id', 'in', matched)
    .where(notAnUnapprovedRegistrant(orgId, 'relationships.relative_id'));
  return matched.union(relatives);
}

/**
 * spec §3 Person-selection conditions → the people they select (one SQL query). Other capabilities
 * (posts, compose) call this to address an audience.
 */
export async function resolveAudience(
  db: Database,
  orgId: number,
  rules: unknown,
  options: { includeRelatives?: boolean } = {},
): Promise<{ personIds: number[]; count: number }> {
  const query = await audienceQuery(db, orgId, checkAudienceRule(rules), options);
  const rows = await query.execute();
  const personIds = rows.map((r) => r.id).sort((a, b) => a - b);
  return { personIds, count: personIds.length };
}

/**
 * POST audiences/preview: how many people match and the first 20 by name. The rule may only use
 * what the caller may see (audiences.access.ts), else 403.
 */
export async function previewAudience(ctx: RequestContext, request: AudiencePreviewRequest): Promise<AudiencePreview> {
  const rule = checkAudienceRule(request.rules);
  await checkRuleForCaller(ctx.db, requireCaller(ctx), rule);
  const query = await audienceQuery(ctx.db, ctx.org.id, rule, { includeRelatives: request.includeRelatives });
  const { count } = await ctx.db
    .selectFrom(query.as('audience'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const sample = await ctx.db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name', 'last_name2', 'avatar'])
    .where(scopedToOrg(ctx.org.id))
    .where('id', 'in', query)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .limit(SAMPLE_SIZE)
    .execute();
  return {
    count: Number(count),
    sample: sample.map((p) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2, avatar: signedAvatarUrl(ctx, p.avatar) })),
  };
}
