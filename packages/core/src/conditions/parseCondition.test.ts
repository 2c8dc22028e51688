import { describe, expect, it } from 'vitest';
import { evaluateCondition } from './evaluateCondition';
import { isValidCondition, parseCondition } from './parseCondition';

describe('parseCondition', () => {
  const invalid: Array<[string, unknown, RegExp]> = [
    ['null', null, /at root: expected an object/],
    ['array', [], /expected an object/],
    ['missing op', { field: 'a', args: [1] }, /missing "op"/],
    ['unknown op', { op: 'like', field: 'a', args: [1] }, /unknown op "like"/],
    ['args not an array', { op: 'eq', field: 'a', args: 1 }, /"args" must be an array/],
    ['eq without arg', { op: 'eq', field: 'a', args: [] }, /"eq" takes 1 argument/],
    ['eq with two args', { op: 'eq', field: 'a', args: [1, 2] }, /got 2/],
    ['between with one arg', { op: 'between', field: 'a', args: [1] }, /"between" takes 2/],
    ['empty with an arg', { op: 'empty', field: 'a', args: [1] }, /"empty" takes 0/],
    ['hasAny without args', { op: 'hasAny', field: 'a', args: [] }, /at least 1/],
    ['missing field', { op: 'eq', args: [1] }, /needs "field"/],
    ['malformed field', { op: 'eq', field: 'a..b', args: [1] }, /needs "field"/],
    ['and without args', { op: 'and', args: [] }, /at least 1 condition/],
    ['not with two', { op: 'not', args: [{ op: 'empty', field: 'a' }, { op: 'empty', field: 'b' }] }, /"not" takes 1/],
    ['bad child', { op: 'or', args: [{ op: 'empty', field: 'a' }, { op: 'nope' }] }, /root\.args\[1\]: unknown op/],
  ];

  it.each(invalid)('rejects %s', (_name, value, message) => {
    expect(() => parseCondition(value)).toThrow(message);
    expect(isValidCondition(value)).toBe(false);
  });

  it('accepts a well-formed tree and returns it unchanged', () => {
    const tree = { op: 'and', args: [{ op: 'empty', field: 'x' }, { op: 'between', field: 'y', args: [1, 2] }] };
    expect(parseCondition(tree)).toBe(tree);
    expect(isValidCondition(tree)).toBe(true);
  });

  it('throws for an invalid branch even when short-circuit would skip it', () => {
    const tree = { op: 'or', args: [{ op: 'empty', field: 'x' }, { op: 'bogus', field: 'y' }] };
    expect(() => evaluateCondition(tree, {})).toThrow(/unknown op "bogus"/);
  });
});
