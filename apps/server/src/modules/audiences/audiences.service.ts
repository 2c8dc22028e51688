import {
  AudienceRuleError,
  isAudienceFieldRule,
  minorDigits,
  parseAudienceRule,
  type AudiencePreview,
  type AudiencePreviewRequest,
  type AudienceRule,
} from '@patio/core';
import { localDateOf } from '@patio/core/calendar/times';
import { SqliteAdapter } from 'kysely';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { signedAvatarUrl } from '../people/index';
import { timeZoneOf } from '../settings/index';
import { checkRuleForCaller } from './audiences.access';
import { countAudience, findAudienceSample, findDebitCurrencies, findNodeTree, findSchoolSettings, selectAudience } from './audiences.queries';
import { AudienceSql, BILLING_FIELDS, type BillingContext } from './audiences.sql';
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

function usesBilling(rule: AudienceRule): boolean {
  return isAudienceFieldRule(rule) ? BILLING_FIELDS.includes(rule.field) : rule.args.some(usesBilling);
}

/** Today in the school's time zone and the currencies of its unpaid debits, for a rule that reads billing. */
async function billingContextOf(db: Database, orgId: number): Promise<BillingContext> {
  const [settings, currencies] = await Promise.all([findSchoolSettings(db, orgId), findDebitCurrencies(db, orgId)]);
  return {
    today: localDateOf(Math.floor(Date.now() / 1000), timeZoneOf(settings)),
    currencyDigits: new Map(currencies.map((currency) => [currency, minorDigits(currency)])),
  };
}

/** The audience query of a rule; a rule error (unknown node, grade) is thrown here, before any query runs. */
async function audienceQuery(db: Database, orgId: number, rule: AudienceRule, options: { includeRelatives?: boolean }) {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const billing = usesBilling(rule) ? await billingContextOf(db, orgId) : null;
  const translator = new AudienceSql(orgId, new NodeTree(await findNodeTree(db, orgId)), isSqlite, billing);
  const query = selectAudience(db, orgId, (eb) => translator.where(eb, rule), options);
  query.compile();
  return query;
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
  const count = await countAudience(ctx.db, query);
  const sample = await findAudienceSample(ctx.db, ctx.org.id, query, SAMPLE_SIZE);
  return {
    count,
    sample: sample.map((p) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2, avatar: signedAvatarUrl(ctx, p.avatar) })),
  };
}
