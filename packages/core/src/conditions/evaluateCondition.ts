import { compareValues, isEmptyValue, isEqualValue, matchText } from './compareValues';
import type { Condition, FieldCondition } from './conditionTypes';
import { parseCondition } from './parseCondition';
import { readPath } from './readPath';

function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

function includesValue(list: unknown[], wanted: unknown): boolean {
  return list.some((item) => isEqualValue(item, wanted));
}

function isOrdered(value: unknown, arg: unknown, test: (diff: number) => boolean): boolean {
  const diff = compareValues(value, arg);
  return diff !== undefined && test(diff);
}

function evaluateField(cond: FieldCondition, context: unknown): boolean {
  const value = readPath(context, cond.field);
  const args = cond.args ?? [];
  switch (cond.op) {
    case 'eq':
      return isEqualValue(value, args[0]);
    case 'neq':
      return !isEqualValue(value, args[0]);
    case 'contains':
    case 'beginsWith':
    case 'endsWith':
      return matchText(cond.op, value, args[0]);
    case 'gt':
      return isOrdered(value, args[0], (d) => d > 0);
    case 'gte':
      return isOrdered(value, args[0], (d) => d >= 0);
    case 'lt':
      return isOrdered(value, args[0], (d) => d < 0);
    case 'lte':
      return isOrdered(value, args[0], (d) => d <= 0);
    case 'between': // inclusive at both ends
      return isOrdered(value, args[0], (d) => d >= 0) && isOrdered(value, args[1], (d) => d <= 0);
    case 'hasElement': {
      const list = asArray(value);
      return list !== undefined && includesValue(list, args[0]);
    }
    case 'hasAny': {
      const list = asArray(value);
      return list !== undefined && args.some((arg) => includesValue(list, arg));
    }
    case 'hasAll': {
      const list = asArray(value);
      return list !== undefined && args.every((arg) => includesValue(list, arg));
    }
    case 'empty':
      return isEmptyValue(value);
    case 'nempty':
      return !isEmptyValue(value);
  }
}

function evaluateNode(cond: Condition, context: unknown): boolean {
  switch (cond.op) {
    case 'and':
      return cond.args.every((child) => evaluateNode(child, context));
    case 'or':
      return cond.args.some((child) => evaluateNode(child, context));
    case 'not':
      return !evaluateNode(cond.args[0], context);
    default:
      return evaluateField(cond, context);
  }
}

/** Evaluates a condition tree against a context object; throws when the condition is invalid. */
export function evaluateCondition(condition: unknown, context: unknown): boolean {
  return evaluateNode(parseCondition(condition), context);
}
