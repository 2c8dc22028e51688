// Shape of a stored condition (spec §3 "Condition rule: field, op, args").

/** Operators that combine other conditions. */
export const LOGICAL_OPS = ['and', 'or', 'not'] as const;

/** Operators that compare the value at `field` with `args`; the tuple is [min, max] arg count. */
export const FIELD_OPS = {
  eq: [1, 1],
  neq: [1, 1],
  contains: [1, 1],
  beginsWith: [1, 1],
  endsWith: [1, 1],
  gt: [1, 1],
  gte: [1, 1],
  lt: [1, 1],
  lte: [1, 1],
  between: [2, 2],
  hasElement: [1, 1],
  hasAny: [1, Infinity],
  hasAll: [1, Infinity],
  empty: [0, 0],
  nempty: [0, 0],
} as const satisfies Record<string, readonly [number, number]>;

export type LogicalOp = (typeof LOGICAL_OPS)[number];
export type FieldOp = keyof typeof FIELD_OPS;
export type ConditionOp = LogicalOp | FieldOp;

/** `and`/`or` take one or more conditions; `not` takes exactly one. */
export interface LogicalCondition {
  op: LogicalOp;
  args: Condition[];
}

/** A comparison of the context value at the dot path `field` with literal `args`. */
export interface FieldCondition {
  op: FieldOp;
  field: string;
  args?: unknown[];
}

export type Condition = LogicalCondition | FieldCondition;
