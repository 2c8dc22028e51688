// spec §3 Person-selection conditions: the fields and comparisons an audience rule may use. The
// shapes are the condition engine's ({field, op, args} combined with and/or/not); the server turns
// them into SQL, the web builds its rule editor from the same lists.
import type { LogicalOp } from '../conditions/conditionTypes';

/** Comparisons of the person-selection screen (spec §3 "Comparisons"). */
export const AUDIENCE_OPS = {
  eq: [1, 1],
  neq: [1, 1],
  lt: [1, 1],
  gt: [1, 1],
  between: [2, 2],
  beginsWith: [1, 1],
  contains: [1, 1],
  gradedAtOrAbove: [1, 1],
  gradedAtOrBelow: [1, 1],
} as const satisfies Record<string, readonly [number, number]>;
export type AudienceOp = keyof typeof AUDIENCE_OPS;

const textOps = ['eq', 'neq', 'lt', 'gt', 'between', 'beginsWith', 'contains'] as const;
const countOps = ['eq', 'neq', 'lt', 'gt', 'between'] as const;

/** Field → the comparisons it accepts and what its arguments are. */
export const AUDIENCE_FIELDS = {
  firstName: { ops: textOps, args: 'text' },
  lastName: { ops: textOps, args: 'text' },
  gender: { ops: ['eq', 'neq'], args: 'gender' },
  document: { ops: textOps, args: 'text' },
  enrollmentStatus: { ops: ['eq', 'neq'], args: 'enrollmentStatus' },
  /** A node (class, grade, group) and its descendants; graded comparisons use grade order. */
  node: { ops: ['eq', 'neq', 'gradedAtOrAbove', 'gradedAtOrBelow'], args: 'nodeId' },
  role: { ops: ['eq', 'neq'], args: 'role' },
  /** Employees of a node (staff group) and its descendants. */
  employeeGroup: { ops: ['eq', 'neq'], args: 'nodeId' },
  /** Riders and staff of a transport route node. */
  transportRoute: { ops: ['eq', 'neq'], args: 'nodeId' },
  /** Parents (and other parent-like relatives) by how many children of the school they have. */
  familiesWithChildren: { ops: countOps, args: 'count' },
  /**
   * Issue 33 ("Families of 7A"): the parent-like relatives of the current students of a node and its
   * descendants, without the students themselves (who `node` selects).
   */
  familiesOf: { ops: ['eq'], args: 'nodeId' },
  /**
   * Billing (issue 14): `true` selects students with an overdue balance (a debit not paid whose
   * expiration date has passed in the school's time zone); `false` selects the current students who
   * have none. Their families are reached as with any rule: by adding the parent-like relatives.
   */
  debtor: { ops: ['eq'], args: 'boolean' },
  /** People with an unpaid debit whose description or one of whose concepts is (eq) or holds (contains) the text, case ignored. */
  billingDebit: { ops: ['eq', 'contains'], args: 'text' },
  /** People with an unpaid debit whose value (its charges) is equal to, below, above or between amounts in major units of its currency. */
  billingPrice: { ops: ['eq', 'lt', 'gt', 'between'], args: 'amount' },
} as const satisfies Record<string, { ops: readonly AudienceOp[]; args: string }>;
export type AudienceField = keyof typeof AUDIENCE_FIELDS;

/** Enrollment statuses (spec §3). */
export const ENROLLMENT_STATUSES = ['active', 'inactive', 'graduated', 'inscribed', 'pending', 'suspended', 'withdrawn'] as const;
/** Role keys an audience can select (spec §3 Role labels, plus school administrators). */
export const AUDIENCE_ROLES = ['teacher', 'substitute_teacher', 'student', 'employee', 'group_director', 'relative', 'administrator'] as const;

export interface AudienceFieldRule {
  field: AudienceField;
  op: AudienceOp;
  args: (string | number | boolean)[];
}
export interface AudienceLogicalRule {
  op: LogicalOp;
  args: AudienceRule[];
}
export type AudienceRule = AudienceFieldRule | AudienceLogicalRule;

/** Why a rule was refused: where in the tree and a message a person can act on. */
export class AudienceRuleError extends Error {
  constructor(
    readonly path: string,
    readonly code: 'unknown_field' | 'unknown_op' | 'invalid_args' | 'invalid_rule',
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function checkArgs(field: AudienceField, args: unknown[], at: string): void {
  const kind = AUDIENCE_FIELDS[field].args as string;
  const bad = (msg: string): never => {
    throw new AudienceRuleError(at, 'invalid_args', msg);
  };
  for (const arg of args) {
    if (kind === 'text' && (typeof arg !== 'string' || arg.length === 0 || arg.length > 200)) bad(`"${field}" compares with non-empty text`);
    if (kind === 'gender' && arg !== 'female' && arg !== 'male') bad('"gender" is "female" or "male"');
    if (kind === 'enrollmentStatus' && !(ENROLLMENT_STATUSES as readonly unknown[]).includes(arg)) {
      bad(`"enrollmentStatus" is one of ${ENROLLMENT_STATUSES.join(', ')}`);
    }
    if (kind === 'role' && !(AUDIENCE_ROLES as readonly unknown[]).includes(arg)) bad(`"role" is one of ${AUDIENCE_ROLES.join(', ')}`);
    if ((kind === 'nodeId' || kind === 'count') && !(typeof arg === 'number' && Number.isInteger(arg) && arg >= 0)) {
      bad(`"${field}" compares with ${kind === 'nodeId' ? 'a node id' : 'a whole number'}`);
    }
    if (kind === 'boolean' && typeof arg !== 'boolean') bad(`"${field}" compares with true or false`);
    if (kind === 'amount' && !(typeof arg === 'number' && Number.isFinite(arg) && arg >= 0 && arg <= 999_999_999_999)) {
      bad(`"${field}" compares with an amount in major units (a number from 0 to 999999999999)`);
    }
  }
}

function checkRule(node: unknown, at: string, depth: number): AudienceRule {
  if (depth > 20) throw new AudienceRuleError(at, 'invalid_rule', 'rules nest at most 20 levels deep');
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    throw new AudienceRuleError(at, 'invalid_rule', 'a rule is an object with "op" (and "field" and "args")');
  }
  const { op, field, args } = node as Record<string, unknown>;
  if (typeof op !== 'string') throw new AudienceRuleError(at, 'unknown_op', 'missing "op"');
  if (args !== undefined && !Array.isArray(args)) throw new AudienceRuleError(at, 'invalid_args', '"args" must be an array');
  const list = (args ?? []) as unknown[];
  if (op === 'and' || op === 'or' || op === 'not') {
    if (list.length === 0 || list.length > 100) throw new AudienceRuleError(at, 'invalid_args', `"${op}" takes 1 to 100 rules`);
    if (op === 'not' && list.length !== 1) throw new AudienceRuleError(at, 'invalid_args', '"not" takes exactly 1 rule');
    return { op, args: list.map((child, i) => checkRule(child, `${at}.args[${i}]`, depth + 1)) };
  }
  if (typeof field !== 'string' || !has(AUDIENCE_FIELDS, field)) {
    throw new AudienceRuleError(at, 'unknown_field', `unknown field ${JSON.stringify(field)}; use one of ${Object.keys(AUDIENCE_FIELDS).join(', ')}`);
  }
  const spec = AUDIENCE_FIELDS[field as AudienceField];
  if (!has(AUDIENCE_OPS, op) || !(spec.ops as readonly string[]).includes(op)) {
    throw new AudienceRuleError(at, 'unknown_op', `unknown operator "${op}" for "${field}"; use one of ${spec.ops.join(', ')}`);
  }
  const [min, max] = AUDIENCE_OPS[op as AudienceOp];
  if (list.length < min || list.length > max) {
    throw new AudienceRuleError(at, 'invalid_args', `"${op}" takes ${min === max ? min : `${min} to ${max}`} argument(s), got ${list.length}`);
  }
  checkArgs(field as AudienceField, list, at);
  return { field: field as AudienceField, op: op as AudienceOp, args: list as AudienceFieldRule['args'] };
}

/** Checks an audience rule tree (fields, operators, argument types); throws AudienceRuleError. */
export function parseAudienceRule(value: unknown): AudienceRule {
  return checkRule(value, 'rules', 0);
}

/** Tells whether a rule is a field comparison (as opposed to and/or/not). */
export function isAudienceFieldRule(rule: AudienceRule): rule is AudienceFieldRule {
  return 'field' in rule;
}
