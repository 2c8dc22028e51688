import { describe, expect, it } from 'vitest';
import { evaluateCondition } from './evaluateCondition';

const context = {
  person: {
    firstName: 'María José',
    lastName: 'Gómez',
    gender: 'female',
    age: 12,
    grade: '7',
    roles: ['relative', 'student'],
    children: [{ name: 'Ana' }],
    notes: '',
    address: {},
    debt: null,
  },
  count: 3,
};

describe('evaluateCondition field operators', () => {
  const cases: Array<[string, unknown, boolean]> = [
    ['eq string', { op: 'eq', field: 'person.gender', args: ['female'] }, true],
    ['eq mismatch', { op: 'eq', field: 'person.gender', args: ['male'] }, false],
    ['eq number vs numeric string', { op: 'eq', field: 'person.grade', args: [7] }, true],
    ['eq missing path', { op: 'eq', field: 'person.missing.deep', args: ['x'] }, false],
    ['eq null never equals undefined', { op: 'eq', field: 'person.debt', args: [undefined] }, false],
    ['neq', { op: 'neq', field: 'person.gender', args: ['male'] }, true],
    ['neq equal', { op: 'neq', field: 'count', args: ['3'] }, false],
    ['contains ignores case', { op: 'contains', field: 'person.firstName', args: ['josé'] }, true],
    ['contains no match', { op: 'contains', field: 'person.firstName', args: ['pedro'] }, false],
    ['contains on arrays means includes', { op: 'contains', field: 'person.roles', args: ['student'] }, true],
    ['beginsWith', { op: 'beginsWith', field: 'person.lastName', args: ['gó'] }, true],
    ['beginsWith no match', { op: 'beginsWith', field: 'person.lastName', args: ['mez'] }, false],
    ['endsWith', { op: 'endsWith', field: 'person.lastName', args: ['MEZ'] }, true],
    ['text op on number', { op: 'beginsWith', field: 'person.age', args: ['1'] }, true],
    ['text op on object is false', { op: 'contains', field: 'person.address', args: ['x'] }, false],
    ['gt', { op: 'gt', field: 'person.age', args: [11] }, true],
    ['gt equal is false', { op: 'gt', field: 'person.age', args: [12] }, false],
    ['gte equal', { op: 'gte', field: 'person.age', args: ['12'] }, true],
    ['lt', { op: 'lt', field: 'person.grade', args: [10] }, true],
    ['lt numeric not lexicographic', { op: 'lt', field: 'person.grade', args: ['10'] }, true],
    ['lte', { op: 'lte', field: 'count', args: [2] }, false],
    ['gt missing value is false', { op: 'gt', field: 'nothing', args: [0] }, false],
    ['lt missing value is false', { op: 'lt', field: 'nothing', args: [0] }, false],
    ['gt on strings compares text', { op: 'gt', field: 'person.lastName', args: ['A'] }, true],
    ['between inclusive low', { op: 'between', field: 'person.age', args: [12, 15] }, true],
    ['between inclusive high', { op: 'between', field: 'person.age', args: [5, 12] }, true],
    ['between outside', { op: 'between', field: 'person.age', args: [13, 15] }, false],
    ['hasElement', { op: 'hasElement', field: 'person.roles', args: ['relative'] }, true],
    ['hasElement missing', { op: 'hasElement', field: 'person.roles', args: ['teacher'] }, false],
    ['hasElement on non-array', { op: 'hasElement', field: 'person.gender', args: ['f'] }, false],
    ['hasAny', { op: 'hasAny', field: 'person.roles', args: ['teacher', 'student'] }, true],
    ['hasAny none', { op: 'hasAny', field: 'person.roles', args: ['teacher', 'admin'] }, false],
    ['hasAll', { op: 'hasAll', field: 'person.roles', args: ['student', 'relative'] }, true],
    ['hasAll partial', { op: 'hasAll', field: 'person.roles', args: ['student', 'teacher'] }, false],
    ['empty string', { op: 'empty', field: 'person.notes' }, true],
    ['empty object', { op: 'empty', field: 'person.address', args: [] }, true],
    ['empty null', { op: 'empty', field: 'person.debt' }, true],
    ['empty missing', { op: 'empty', field: 'person.nothing' }, true],
    ['empty zero is not empty', { op: 'empty', field: 'count' }, false],
    ['nempty array', { op: 'nempty', field: 'person.children' }, true],
    ['nempty blank', { op: 'nempty', field: 'person.notes' }, false],
    ['array index path', { op: 'eq', field: 'person.children.0.name', args: ['Ana'] }, true],
    ['prototype is not reachable', { op: 'nempty', field: 'person.constructor' }, false],
  ];
  it.each(cases)('%s', (_name, condition, expected) => {
    expect(evaluateCondition(condition, context)).toBe(expected);
  });
});

describe('evaluateCondition logical operators', () => {
  const yes = { op: 'eq', field: 'count', args: [3] };
  const no = { op: 'eq', field: 'count', args: [4] };
  const cases: Array<[string, unknown, boolean]> = [
    ['and all true', { op: 'and', args: [yes, yes] }, true],
    ['and one false', { op: 'and', args: [yes, no] }, false],
    ['or one true', { op: 'or', args: [no, yes] }, true],
    ['or all false', { op: 'or', args: [no, no] }, false],
    ['not', { op: 'not', args: [no] }, true],
    ['nested', { op: 'and', args: [{ op: 'not', args: [{ op: 'or', args: [no, no] }] }, yes] }, true],
  ];
  it.each(cases)('%s', (_name, condition, expected) => {
    expect(evaluateCondition(condition, context)).toBe(expected);
  });
});
