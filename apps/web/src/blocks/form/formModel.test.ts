import { describe, expect, it } from 'vitest';
import type { FormField } from '@patio/core/schemas/blocks';
import type { TFunction } from 'i18next';
import { answerText } from './answerText';
import { formInputOf, highestFieldNumber, moveField, newField, removeField, restoreFields, sortedFields, updateField } from './formModel';
import { formIdOf } from './formUrl';
import { problemFieldOf } from './replyErrors';

const f = (name: string, order: number): FormField => ({ name, type: 'text', title: name, description: '', options: '', order });

describe('the form editor rules (spec §5 Form editor)', () => {
  it('shows fields by order, ties as stored', () => {
    expect(sortedFields([f('c', 3), f('a', 1), f('b', 1)]).map((x) => x.name)).toEqual(['a', 'b', 'c']);
    expect(formInputOf({ title: 'T', description: 'D', fields: [f('b', 2), f('a', 1)] }).fields.map((x) => x.name)).toEqual(['a', 'b']);
  });

  it('makes a new field of type text with order = count + 1 and a fresh generated name', () => {
    expect(newField([])).toEqual({ name: 'f1', type: 'text', title: '', description: '', options: '', order: 1 });
    expect(newField([f('f1', 1), f('f7', 2), f('custom', 3)])).toMatchObject({ name: 'f8', order: 4 });
    // A name seen earlier in the session (its field since removed) is not handed out again.
    expect(newField([f('f1', 1)], 5)).toMatchObject({ name: 'f6', order: 2 });
    expect(highestFieldNumber([f('f12', 1), f('x3', 2), f('f', 3)])).toBe(12);
  });

  it('renumbers from 1 after a move, and ignores moves out of range', () => {
    const fields = [f('a', 1), f('b', 2), f('c', 3)];
    expect(moveField(fields, 0, 2).map((x) => [x.name, x.order])).toEqual([['b', 1], ['c', 2], ['a', 3]]);
    expect(moveField(fields, 2, 0).map((x) => [x.name, x.order])).toEqual([['c', 1], ['a', 2], ['b', 3]]);
    expect(moveField([f('a', 4), f('b', 9)], 1, 0).map((x) => x.order)).toEqual([1, 2]);
    expect(moveField(fields, 0, 3)).toEqual(fields);
    expect(moveField(fields, -1, 0)).toEqual(fields);
  });

  it('closes the gap when a field goes, so the next new field’s order stays count + 1', () => {
    const left = removeField([f('a', 1), f('b', 2), f('c', 3)], 'a');
    expect(left.map((x) => [x.name, x.order])).toEqual([['b', 1], ['c', 2]]);
    expect(newField(left).order).toBe(3);
  });

  it('changes one field in place', () => {
    expect(updateField([f('a', 1), f('b', 2)], 'b', { type: 'select', options: 'x\ny' })[1]).toMatchObject({ name: 'b', type: 'select', options: 'x\ny', order: 2 });
  });
});

describe('the form a block points at', () => {
  it('is the id of a data/entities/{id} url, nothing else', () => {
    expect(formIdOf('data/entities/31')).toBe(31);
    expect(formIdOf('/data/entities/31/')).toBe(31);
    for (const url of [null, '', 'data/entities/', 'data/entities/0', 'data/entities/3x', 'data/entities/../1', 'media/html/3', 'https://x/data/entities/3']) {
      expect(formIdOf(url)).toBeNull();
    }
  });
});

describe('the question a refused reply names', () => {
  it('is read from the error details in any of their shapes', () => {
    expect(problemFieldOf({ error: 'unknown_field', details: { field: 'f3' } })).toBe('f3');
    expect(problemFieldOf({ error: 'unknown_field', details: [{ field: 'f2' }] })).toBe('f2');
    expect(problemFieldOf({ error: 'unknown_field', details: [{ path: 'f5', message: 'The form has no field "f5"' }] })).toBe('f5');
    expect(problemFieldOf({ error: 'unknown_field', details: 'f1' })).toBe('f1');
    expect(problemFieldOf({ error: 'unknown_field', field: 'f4' })).toBe('f4');
    expect(problemFieldOf({ error: 'unknown_field', message: 'x' })).toBeNull();
    expect(problemFieldOf(null)).toBeNull();
  });

  it('item 4: puts answered questions back where they were, keeping later edits, renumbered from 1', () => {
    const before = [f('a', 1), f('b', 2), f('c', 3), f('d', 4)];
    const edited = removeField(removeField(before, 'b'), 'd').map((x) => (x.name === 'c' ? { ...x, title: 'C2' } : x));
    const back = restoreFields(edited, [f('b', 2), f('d', 4)]);
    expect(back.map((x) => [x.name, x.order, x.title])).toEqual([['a', 1, 'a'], ['b', 2, 'b'], ['c', 3, 'C2'], ['d', 4, 'd']]);
    expect(restoreFields(before, [f('b', 2)])).toEqual(before);
  });

  it('item 4: an answer that no longer fits its question (a text made a checkbox) reads as it was given', () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const box = { type: 'checkbox' as const };
    expect(answerText(t, box, 1)).toBe('blocks.form.checked');
    expect(answerText(t, box, 0)).toBe('blocks.form.unchecked');
    expect(answerText(t, box, 'Sin maní')).toBe('Sin maní');
    expect(answerText(t, box, '')).toBeNull();
  });
});
