import { isAudienceFieldRule, type AudienceFieldRule, type AudienceRule } from '@patio/core';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';
import { badRequest } from '../../http/errors';
import { currentMembership } from '../nodes/index';
import { parentLikeKinds, searchKeyMatches, type SearchKeyPart } from '../people/index';
import type { NodeTree } from './audiences.tree';

// Audience rules → one SQL condition on `people`, so 5,000 people resolve in a single query with
// indexed sub-selects instead of loading everyone and evaluating in JavaScript.

type EB = ExpressionBuilder<DB, 'people'>;
type Scalar = string | number | boolean;

type Subquery = Parameters<EB['exists']>[0];

const textColumns = {
  firstName: 'people.first_name',
  lastName: 'people.last_name',
  document: 'people.document',
} as const;

/** Names are compared folded (accents and case ignored) through people.search_key, see search-key.ts. */
const searchKeyParts: Partial<Record<keyof typeof textColumns, SearchKeyPart>> = { firstName: 'firstName', lastName: 'lastName' };

/** `!` escapes LIKE wildcards typed by the user. */
const likePattern = (text: string, prefix: boolean) => `${prefix ? '' : '%'}${text.toLowerCase().replace(/[!%_]/g, '!$&')}%`;

function compareText(eb: EB, field: keyof typeof textColumns, rule: AudienceFieldRule): Expression<SqlBool> {
  const value = eb.fn<string>('lower', [eb.ref(textColumns[field])]);
  const [a, b] = rule.args.map((x) => String(x).toLowerCase());
  const part = searchKeyParts[field];
  switch (rule.op) {
    case 'eq':
      return part ? searchKeyMatches(part, 'equals', a) : eb(value, '=', a);
    case 'neq':
      return eb.not(compareText(eb, field, { ...rule, op: 'eq' }));
    case 'lt':
      return eb(value, '<', a);
    case 'gt':
      return eb(value, '>', a);
    case 'between':
      return eb.and([eb(value, '>=', a), eb(value, '<=', b)]);
    case 'beginsWith':
    case 'contains':
      if (part) return searchKeyMatches(part, rule.op === 'beginsWith' ? 'startsWith' : 'contains', a);
      return sql<SqlBool>`${value} like ${likePattern(a, rule.op === 'beginsWith')} escape '!'`;
    default:
      throw badRequest('invalid_rule', `"${rule.op}" does not apply to "${rule.field}"`);
  }
}

/** What billing rules compare with: today in the school's time zone, and the minor-unit digits of each currency its debits use. */
export interface BillingContext {
  today: string;
  currencyDigits: Map<string, number>;
}

/** The fields that read the billing ledger (their rules need a BillingContext). */
export const BILLING_FIELDS: readonly string[] = ['debtor', 'billingDebit', 'billingPrice'];

export class AudienceSql {
  constructor(
    private readonly orgId: number,
    private readonly tree: NodeTree,
    private readonly isSqlite: boolean,
    private readonly billing: BillingContext | null = null,
  ) {}

  /**
   * people.id IN (…). On SQLite as `+people.id`: the unary plus keeps its planner from driving the
   * query through one of several IN lists (without ANALYZE statistics it chose a quadratic plan for
   * two of them); each list is then built once and probed while scanning the school's people.
   * PostgreSQL hashes the lists itself and is slower with the plus, so it gets the plain form.
   */
  private idIn(eb: EB, subquery: Subquery): Expression<SqlBool> {
    const id = this.isSqlite ? sql<number>`+${eb.ref('people.id')}` : eb.ref('people.id');
    return eb(id, 'in', subquery as never);
  }

  private nodes(arg: Scalar): number[] {
    const id = Number(arg);
    if (!this.tree.has(id)) throw badRequest('unknown_node', `There is no node ${id} in this school`);
    return this.tree.descendants(id);
  }

  /**
   * people.id IN (members of `nodeIds`, optionally with one role). Withdrawn, graduated and inactive
   * students are no longer members (issue 6 item 14); `enrollmentStatus` still selects them by name.
   */
  private memberOf(eb: EB, nodeIds: number[], role?: string): Expression<SqlBool> {
    if (nodeIds.length === 0) return sql<SqlBool>`1 = 0`;
    let members = eb
      .selectFrom('memberships')
      .select('memberships.person_id')
      .where('memberships.org_id', '=', this.orgId)
      .where('memberships.node_id', 'in', nodeIds)
      .where(currentMembership());
    if (role) members = members.where('memberships.role', '=', role);
    return this.idIn(eb, members);
  }

  private withRole(eb: EB, role: string): Expression<SqlBool> {
    if (role === 'administrator') return eb('people.is_admin', '=', 1);
    // As people.queries findRoles: a parent-like relative of someone who is a student.
    if (role === 'relative') return this.idIn(eb, this.relativesOfStudents(eb, null));
    const members = eb
      .selectFrom('memberships')
      .select('memberships.person_id')
      .where('memberships.org_id', '=', this.orgId)
      .where('memberships.role', '=', role)
      .where(currentMembership());
    return this.idIn(eb, members);
  }

  private graded(eb: EB, rule: AudienceFieldRule): Expression<SqlBool> {
    const id = Number(rule.args[0]);
    if (!this.tree.has(id)) throw badRequest('unknown_node', `There is no node ${id} in this school`);
    const grade = this.tree.gradeOf(id);
    if (grade === null) throw badRequest('not_a_grade', `Node ${id} is not a grade and lies in no grade`);
    const order = this.tree.grades();
    const at = order.indexOf(grade);
    const chosen = rule.op === 'gradedAtOrAbove' ? order.slice(at) : order.slice(0, at + 1);
    return this.memberOf(eb, chosen.flatMap((g) => this.tree.descendants(g)), 'student');
  }

  private familiesWithChildren(eb: EB, rule: AudienceFieldRule): Expression<SqlBool> {
    const [a, b] = rule.args.map(Number);
    const count = sql<number>`count(distinct relationships.person_id)`;
    const having = {
      eq: sql<SqlBool>`${count} = ${a}`,
      neq: sql<SqlBool>`${count} <> ${a}`,
      lt: sql<SqlBool>`${count} < ${a}`,
      gt: sql<SqlBool>`${count} > ${a}`,
      between: sql<SqlBool>`${count} between ${a} and ${b}`,
    }[rule.op as 'eq'];
    const parents = eb
      .selectFrom('relationships')
      .select('relationships.relative_id')
      .where('relationships.org_id', '=', this.orgId)
      .where('relationships.kind', 'in', [...parentLikeKinds])
      .groupBy('relationships.relative_id')
      .having(having);
    return this.idIn(eb, parents);
  }

  /** Issue 33 "Families of 7A": the parent-like relatives of the node's current students (and its descendants'). */
  private familiesOf(eb: EB, rule: AudienceFieldRule): Expression<SqlBool> {
    const nodeIds = this.nodes(rule.args[0]);
    if (nodeIds.length === 0) return sql<SqlBool>`1 = 0`;
    return this.idIn(eb, this.relativesOfStudents(eb, nodeIds));
  }

  /** The parent-like relatives of current students: of the whole school (`nodeIds` null) or of those nodes. */
  private relativesOfStudents(eb: EB, nodeIds: readonly number[] | null) {
    let relatives = eb
      .selectFrom('relationships')
      .innerJoin('memberships', (j) =>
        j.onRef('memberships.org_id', '=', 'relationships.org_id').onRef('memberships.person_id', '=', 'relationships.person_id'),
      )
      .select('relationships.relative_id')
      .where('relationships.org_id', '=', this.orgId)
      .where('relationships.kind', 'in', [...parentLikeKinds])
      .where('memberships.role', '=', 'student')
      .where(currentMembership());
    if (nodeIds !== null) relatives = relatives.where('memberships.node_id', 'in', nodeIds);
    return relatives;
  }

  /** people.id IN (students of the school with a debit matching `debit`, unpaid). */
  private withUnpaidDebit(eb: EB, debit: (d: ExpressionBuilder<DB, 'billing_debits'>) => Expression<SqlBool>): Expression<SqlBool> {
    const debtors = eb
      .selectFrom('billing_debits')
      .select('billing_debits.person_id')
      .where('billing_debits.org_id', '=', this.orgId)
      .where('billing_debits.paid_on', 'is', null)
      .where(debit);
    return this.idIn(eb, debtors);
  }

  private billingContext(): BillingContext {
    if (!this.billing) throw new Error('A billing rule needs the billing context (audiences.service audienceQuery)');
    return this.billing;
  }

  /** spec §3 "debtor": an unpaid debit past its expiration date (decision 019: overdue once the day after it starts). */
  private debtor(eb: EB, rule: AudienceFieldRule): Expression<SqlBool> {
    const { today } = this.billingContext();
    const overdue = this.withUnpaidDebit(eb, (d) => d('billing_debits.expiration_date', '<', today));
    return rule.args[0] === true ? overdue : eb.and([this.withRole(eb, 'student'), eb.not(overdue)]);
  }

  /** An unpaid debit whose description or a concept's name equals or contains the text (case ignored). */
  private billingDebit(eb: EB, rule: AudienceFieldRule): Expression<SqlBool> {
    const text = String(rule.args[0]).toLowerCase();
    const matches = (column: string) =>
      rule.op === 'eq' ? sql<SqlBool>`lower(${sql.ref(column)}) = ${text}` : sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text, false)} escape '!'`;
    return this.withUnpaidDebit(eb, (d) =>
      d.or([
        matches('billing_debits.description'),
        d.exists(
          d
            .selectFrom('billing_debit_concepts')
            .select('billing_debit_concepts.id')
            .where('billing_debit_concepts.org_id', '=', this.orgId)
            .whereRef('billing_debit_concepts.debit_id', '=', 'billing_debits.id')
            .where(() => matches('billing_debit_concepts.name')),
        ),
      ]),
    );
  }

  /** An unpaid debit whose value compares with amounts in major units, each debit in its own currency's minor units. */
  private billingPrice(eb: EB, rule: AudienceFieldRule): Expression<SqlBool> {
    const { currencyDigits } = this.billingContext();
    const [a, b] = rule.args.map(Number);
    return this.withUnpaidDebit(eb, (d) => {
      const byCurrency = [...currencyDigits].map(([currency, digits]) => {
        const minor = (major: number) => Math.round(major * 10 ** digits);
        const value = d.ref('billing_debits.value');
        const compare = {
          eq: () => d(value, '=', minor(a)),
          lt: () => d(value, '<', minor(a)),
          gt: () => d(value, '>', minor(a)),
          between: () => d.and([d(value, '>=', minor(a)), d(value, '<=', minor(b))]),
        }[rule.op as 'eq']();
        return d.and([d('billing_debits.currency', '=', currency), compare]);
      });
      return byCurrency.length === 0 ? sql<SqlBool>`1 = 0` : d.or(byCurrency);
    });
  }

  private field(eb: EB, rule: AudienceFieldRule): Expression<SqlBool> {
    const { field, op, args } = rule;
    if (field === 'debtor') return this.debtor(eb, rule);
    if (field === 'billingDebit') return this.billingDebit(eb, rule);
    if (field === 'billingPrice') return this.billingPrice(eb, rule);
    if (field === 'familiesWithChildren') return this.familiesWithChildren(eb, rule);
    if (field === 'familiesOf') return this.familiesOf(eb, rule);
    if (field === 'node' && (op === 'gradedAtOrAbove' || op === 'gradedAtOrBelow')) return this.graded(eb, rule);
    if (op === 'neq') return eb.not(this.field(eb, { ...rule, op: 'eq' }));
    if (field in textColumns) return compareText(eb, field as keyof typeof textColumns, rule);
    switch (field) {
      case 'gender':
        return eb('people.gender', '=', args[0] as 'female');
      case 'enrollmentStatus': {
        const students = eb
          .selectFrom('memberships')
          .select('memberships.person_id')
          .where('memberships.org_id', '=', this.orgId)
          .where('memberships.role', '=', 'student')
          .where('memberships.enrollment_status', '=', String(args[0]));
        return this.idIn(eb, students);
      }
      case 'node':
        return this.memberOf(eb, this.nodes(args[0]));
      case 'employeeGroup':
        return this.memberOf(eb, this.nodes(args[0]), 'employee');
      case 'transportRoute':
        return this.memberOf(eb, this.nodes(args[0]));
      case 'role':
        return this.withRole(eb, String(args[0]));
      default:
        throw badRequest('invalid_rule', `"${op}" does not apply to "${field}"`);
    }
  }

  /** The SQL condition of a whole rule tree. */
  where(eb: EB, rule: AudienceRule): Expression<SqlBool> {
    if (isAudienceFieldRule(rule)) return this.field(eb, rule);
    const parts = rule.args.map((child) => this.where(eb, child));
    if (rule.op === 'and') return eb.and(parts);
    if (rule.op === 'or') return eb.or(parts);
    return eb.not(parts[0]);
  }
}
