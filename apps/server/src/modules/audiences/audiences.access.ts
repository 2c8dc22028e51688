import { isAudienceFieldRule, type AudienceField, type AudienceFieldRule, type AudienceRule } from '@patio/core';
import type { Database } from '../../db/database';
import { forbidden } from '../../http/errors';
import type { Caller } from '../../policy/policy';
import { findCallerReach } from '../nodes/index';

/**
 * Issue 6 item 3: a rule may only ask about what its author may see (decision 004), else 403
 * `forbidden_filter` naming the field, never an empty result that could be probed digit by digit.
 * School-wide staff may use every field. Other staff (teachers, employees of a node):
 * - names, role and employee group: on the card, or staff data every staff member sees: always;
 * - node and transport route: only nodes in their reach (the subtrees they teach or work in);
 * - families of a node: only nodes in their reach too; it selects relatives, who are not members, so it
 *   confines nothing;
 *   grade order (gradedAtOrAbove/Below) spans grades, so it is school-wide only;
 * - gender, enrollment status, number of children: school data, so only when the whole rule is
 *   confined to their reach (an "and" with `node eq` a node they reach, or an "or" of such rules);
 * - document and the billing fields (debtor, billingDebit, billingPrice): never. Those are for
 *   school-wide staff, who are also billing staff (decision 019: administrators and school-wide employees).
 * Compose calls this before resolveAudience; resolveAudience itself stays caller-free for jobs.
 */
const cardFields: readonly AudienceField[] = ['firstName', 'lastName', 'role', 'employeeGroup'];
const nodeFields: readonly AudienceField[] = ['node', 'transportRoute'];
const schoolDataFields: readonly AudienceField[] = ['gender', 'enrollmentStatus', 'familiesWithChildren'];

export async function checkRuleForCaller(db: Database, caller: Caller, rule: AudienceRule): Promise<void> {
  if (caller.isSchoolWide) return;
  const reach = (await findCallerReach(db, caller)).staffNodeIds;
  const inReach = (r: AudienceFieldRule) => reach.has(Number(r.args[0]));
  const refuse = (field: string, at: string, why: string) => forbidden('forbidden_filter', `${at}: you may not select people by "${field}": ${why}`);

  // Every person the rule can select is a member of a node in reach.
  const isConfined = (r: AudienceRule): boolean => {
    if (isAudienceFieldRule(r)) return nodeFields.includes(r.field) && r.op === 'eq' && inReach(r);
    if (r.op === 'and') return r.args.some(isConfined);
    if (r.op === 'or') return r.args.every(isConfined);
    return false;
  };
  const confined = isConfined(rule);

  const visit = (r: AudienceRule, at: string): void => {
    if (!isAudienceFieldRule(r)) return r.args.forEach((child, i) => visit(child, `${at}.args[${i}]`));
    if (cardFields.includes(r.field)) return;
    if (nodeFields.includes(r.field) || r.field === 'familiesOf') {
      if (r.op === 'gradedAtOrAbove' || r.op === 'gradedAtOrBelow') throw refuse(r.field, at, 'grade order spans the whole school');
      if (!inReach(r)) throw refuse(r.field, at, 'only the groups you teach or work in');
      return;
    }
    if (schoolDataFields.includes(r.field)) {
      if (!confined) throw refuse(r.field, at, 'only within the groups you teach or work in (combine it with "and" and a node rule)');
      return;
    }
    throw refuse(r.field, at, 'only school administrators and school-wide employees may');
  };
  visit(rule, 'rules');
}
