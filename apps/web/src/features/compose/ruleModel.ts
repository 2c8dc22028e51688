import { AUDIENCE_ROLES, ENROLLMENT_STATUSES, type AudienceOp, type AudienceRule } from '@patio/core/audiences/index';

// The rule builder's model (spec §3 Person-selection conditions): a flat list of conditions joined by
// "all" (and) or "any" (or), turned into the `audiences` rule shape the server reads.

/** The fields the builder offers, with the comparisons and kind of value of each. */
export const RULE_FIELDS = {
  node: { ops: ['eq', 'neq'], value: 'node' },
  role: { ops: ['eq', 'neq'], value: 'choice', choices: AUDIENCE_ROLES },
  enrollmentStatus: { ops: ['eq', 'neq'], value: 'choice', choices: ENROLLMENT_STATUSES },
  gender: { ops: ['eq', 'neq'], value: 'choice', choices: ['female', 'male'] },
  firstName: { ops: ['contains', 'beginsWith', 'eq'], value: 'text' },
  lastName: { ops: ['contains', 'beginsWith', 'eq'], value: 'text' },
  familiesWithChildren: { ops: ['eq', 'gt', 'lt'], value: 'count' },
  // Issue 33: the parents of a group's students, without the students ("Families of 7A").
  familiesOf: { ops: ['eq'], value: 'node' },
  // Billing fields (issue 14): the server refuses them (403 forbidden_filter) to all but billing staff.
  debtor: { ops: ['eq'], value: 'choice', choices: ['yes', 'no'], billing: true },
  billingDebit: { ops: ['contains', 'eq'], value: 'text', billing: true },
  billingPrice: { ops: ['eq', 'gt', 'lt'], value: 'amount', billing: true },
} as const satisfies Record<
  string,
  { ops: readonly AudienceOp[]; value: 'node' | 'choice' | 'text' | 'count' | 'amount'; choices?: readonly string[]; billing?: true }
>;
export type RuleField = keyof typeof RULE_FIELDS;
export const RULE_FIELD_KEYS = Object.keys(RULE_FIELDS) as RuleField[];

const isBillingField = (field: RuleField) => 'billing' in RULE_FIELDS[field];

/** The fields a row offers: billing ones only to billing staff, though a row always keeps its own (a reopened draft). */
export function offeredFields(current: RuleField, mayUseBilling: boolean): RuleField[] {
  return RULE_FIELD_KEYS.filter((field) => mayUseBilling || field === current || !isBillingField(field));
}

export type RuleMatch = 'and' | 'or';

/** One row of the builder; `value` is what the input holds (a node id, a choice, or a number as text). */
export interface RuleCondition {
  id: string;
  field: RuleField;
  op: AudienceOp;
  value: string;
}

export interface RuleDraft {
  match: RuleMatch;
  conditions: RuleCondition[];
}

let nextId = 0;
const newId = () => `c${(nextId += 1)}`;

/** A new row: the field's first comparison and no value yet. */
export function newCondition(field: RuleField = 'node'): RuleCondition {
  return { id: newId(), field, op: RULE_FIELDS[field].ops[0], value: '' };
}

/** The same row on another field: the comparison is kept when the field has it, the value is cleared. */
export function withField(condition: RuleCondition, field: RuleField): RuleCondition {
  const ops: readonly AudienceOp[] = RULE_FIELDS[field].ops;
  return { ...condition, field, op: ops.includes(condition.op) ? condition.op : ops[0], value: '' };
}

// The largest amount the server accepts (audienceRules.ts, "amount" arguments).
const MAX_AMOUNT = 999_999_999_999;

/** An amount in major units as typed: digits with optional decimals after '.' or ','; null otherwise. */
function parseAmount(text: string): number | null {
  if (!/^\d+(?:[.,]\d+)?$/.test(text)) return null;
  const amount = Number(text.replace(',', '.'));
  return amount <= MAX_AMOUNT ? amount : null;
}

/** The argument the server reads for a row, or null while the row is incomplete. */
function argOf(condition: RuleCondition): string | number | boolean | null {
  const value = condition.value.trim();
  if (value === '') return null;
  if (condition.field === 'debtor') return value === 'yes' ? true : value === 'no' ? false : null;
  const kind: string = RULE_FIELDS[condition.field].value;
  if (kind === 'amount') return parseAmount(value);
  if (kind === 'node' || kind === 'count') {
    const number = Number(value);
    return Number.isInteger(number) && number >= 0 ? number : null;
  }
  return value;
}

/** What the row's input holds for a saved argument; null when the builder cannot show it. */
function valueOf(field: RuleField, arg: unknown): string | null {
  if (field === 'debtor') return arg === true ? 'yes' : arg === false ? 'no' : null;
  return String(arg);
}

/** Tells whether a row has everything it needs to select people. */
export function isComplete(condition: RuleCondition): boolean {
  return argOf(condition) !== null;
}

/** The `audiences` rule of the builder: null without complete rows, a single comparison, or and/or of them. */
export function toAudienceRule(draft: RuleDraft): AudienceRule | null {
  const rules = draft.conditions.flatMap((condition): AudienceRule[] => {
    const arg = argOf(condition);
    return arg === null ? [] : [{ field: condition.field, op: condition.op, args: [arg] }];
  });
  if (rules.length === 0) return null;
  if (rules.length === 1) return rules[0];
  return { op: draft.match, args: rules };
}

const isRuleField = (field: unknown): field is RuleField => typeof field === 'string' && Object.hasOwn(RULE_FIELDS, field);

function conditionOf(rule: unknown): RuleCondition | null {
  if (!rule || typeof rule !== 'object') return null;
  const { field, op, args } = rule as { field?: unknown; op?: unknown; args?: unknown };
  if (!isRuleField(field) || !Array.isArray(args) || args.length !== 1) return null;
  const ops: readonly string[] = RULE_FIELDS[field].ops;
  const value = valueOf(field, args[0]);
  if (typeof op !== 'string' || !ops.includes(op) || value === null) return null;
  return { id: newId(), field, op: op as AudienceOp, value };
}

/** The builder rows of a saved rule (a reopened draft); null when the rule has a shape the builder cannot show. */
export function fromAudienceRule(rule: unknown): RuleDraft | null {
  if (rule === null || rule === undefined) return { match: 'and', conditions: [] };
  const single = conditionOf(rule);
  if (single) return { match: 'and', conditions: [single] };
  const { op, args } = rule as { op?: unknown; args?: unknown };
  if ((op !== 'and' && op !== 'or') || !Array.isArray(args)) return null;
  const conditions = args.map(conditionOf);
  if (conditions.some((c) => c === null)) return null;
  return { match: op, conditions: conditions as RuleCondition[] };
}

/** Issue 33's one-tap audiences of a group: its families alone, or its students with their families. */
export type GroupShortcut = 'families' | 'studentsAndFamilies';

/** The rule (and relatives switch) of a group shortcut. */
export function shortcutDraft(shortcut: GroupShortcut, nodeId: string): { draft: RuleDraft; relatives: boolean } {
  if (shortcut === 'families') return { draft: { match: 'and', conditions: [{ id: newId(), field: 'familiesOf', op: 'eq', value: nodeId }] }, relatives: false };
  const conditions: RuleCondition[] = [
    { id: newId(), field: 'node', op: 'eq', value: nodeId },
    { id: newId(), field: 'role', op: 'eq', value: 'student' },
  ];
  return { draft: { match: 'and', conditions }, relatives: true };
}

/** Which shortcut of which group the builder holds now, if it holds exactly one. */
export function shortcutOf(draft: RuleDraft | null, relatives: boolean): { shortcut: GroupShortcut; nodeId: string } | null {
  const rows = draft?.conditions ?? [];
  const [first] = rows;
  if (rows.length === 1 && first.field === 'familiesOf' && first.op === 'eq' && first.value !== '' && !relatives) return { shortcut: 'families', nodeId: first.value };
  if (rows.length !== 2 || draft?.match !== 'and' || !relatives) return null;
  const node = rows.find((c) => c.field === 'node' && c.op === 'eq' && c.value !== '');
  const role = rows.find((c) => c.field === 'role' && c.op === 'eq' && c.value === 'student');
  return node && role ? { shortcut: 'studentsAndFamilies', nodeId: node.value } : null;
}

/** The group a builder's rows already name (a node or families-of row), so its shortcuts can be offered. */
export function groupOfDraft(draft: RuleDraft | null): string {
  return draft?.conditions.find((c) => (c.field === 'node' || c.field === 'familiesOf') && c.op === 'eq' && c.value !== '')?.value ?? '';
}
