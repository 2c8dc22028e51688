import { FIELD_OPS, LOGICAL_OPS, type Condition, type FieldOp } from './conditionTypes';
import { isDotPath } from './readPath';

// The whole tree is checked before anything is evaluated, so an invalid branch throws even
// when short-circuiting would never reach it (spec §5: "An invalid condition throws").

function fail(at: string, reason: string): never {
  throw new Error(`Invalid condition at ${at}: ${reason}`);
}

function isFieldOp(op: string): op is FieldOp {
  return Object.prototype.hasOwnProperty.call(FIELD_OPS, op);
}

function checkNode(node: unknown, at: string): void {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    fail(at, 'expected an object with "op"');
  }
  const { op, field, args } = node as Record<string, unknown>;
  if (typeof op !== 'string') fail(at, 'missing "op"');
  if (args !== undefined && !Array.isArray(args)) fail(at, '"args" must be an array');
  const list = (args ?? []) as unknown[];

  if ((LOGICAL_OPS as readonly string[]).includes(op)) {
    if (op === 'not' && list.length !== 1) fail(at, `"not" takes 1 condition, got ${list.length}`);
    if (list.length === 0) fail(at, `"${op}" takes at least 1 condition`);
    list.forEach((child, i) => checkNode(child, `${at}.args[${i}]`));
    return;
  }
  if (!isFieldOp(op)) fail(at, `unknown op "${op}"`);
  if (typeof field !== 'string' || !isDotPath(field)) {
    fail(at, `"${op}" needs "field" as a dot path, got ${JSON.stringify(field)}`);
  }
  const [min, max] = FIELD_OPS[op];
  if (list.length < min || list.length > max) {
    const expected = min === max ? `${min}` : `at least ${min}`;
    fail(at, `"${op}" takes ${expected} argument(s), got ${list.length}`);
  }
}

/** Checks that a value is a well-formed condition tree and returns it typed; throws otherwise. */
export function parseCondition(value: unknown): Condition {
  checkNode(value, 'root');
  return value as Condition;
}

/** Tells whether a value is a well-formed condition tree, without throwing. */
export function isValidCondition(value: unknown): value is Condition {
  try {
    checkNode(value, 'root');
    return true;
  } catch {
    return false;
  }
}
