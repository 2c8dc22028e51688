import { describe, expect, it } from 'vitest';
import type { FormField } from '../schemas/blocks';
import { FORM_TEXT_MAX, FORM_TEXTAREA_MAX } from '../schemas/blocks';
import { canSendReply, normalizeRecord, selectChoices } from './formRecord';

const field = (name: string, type: FormField['type'], options = ''): FormField => ({ name, type, title: name, description: '', options, order: 1 });

const fields: FormField[] = [
  field('grade', 'select', 'First\nSecond\n\n  Third  \n'),
  field('attends', 'checkbox'),
  field('name', 'text'),
  field('notes', 'textarea'),
];

describe('a select’s choices', () => {
  it('are its option lines, trimmed, without blank lines', () => {
    expect(selectChoices(fields[0])).toEqual(['First', 'Second', 'Third']);
    expect(selectChoices({ options: '' })).toEqual([]);
    expect(selectChoices({ options: 'Sí\r\nNo' })).toEqual(['Sí', 'No']);
  });
});

describe('normalizing a reply', () => {
  it('stores checkboxes as 1 or 0, trims texts and leaves out missing, null and blank values', () => {
    expect(normalizeRecord(fields, { grade: ' Second ', attends: true, name: '  Ana  ', notes: '' })).toEqual({ values: { grade: 'Second', attends: 1, name: 'Ana' } });
    expect(normalizeRecord(fields, { attends: 0 })).toEqual({ values: { attends: 0 } });
    expect(normalizeRecord(fields, { attends: '1', grade: null })).toEqual({ values: { attends: 1 } });
    expect(normalizeRecord(fields, { attends: false, grade: '' })).toEqual({ values: { attends: 0 } });
    expect(normalizeRecord(fields, {})).toEqual({ values: {} });
  });

  it('names the first field the form does not have', () => {
    expect(normalizeRecord(fields, { name: 'Ana', colour: 'red' })).toEqual({ problem: { code: 'unknown_field', field: 'colour' } });
    // An inherited property name is no field either.
    expect(normalizeRecord(fields, { constructor: 'x' })).toEqual({ problem: { code: 'unknown_field', field: 'constructor' } });
  });

  it('refuses a choice that is not one of the select’s options', () => {
    expect(normalizeRecord(fields, { grade: 'Fourth' })).toEqual({ problem: { code: 'invalid_choice', field: 'grade' } });
    expect(normalizeRecord(fields, { grade: 'first' })).toEqual({ problem: { code: 'invalid_choice', field: 'grade' } });
  });

  it('refuses values of the wrong kind and NUL bytes', () => {
    expect(normalizeRecord(fields, { attends: 2 })).toEqual({ problem: { code: 'invalid_value', field: 'attends' } });
    expect(normalizeRecord(fields, { attends: 'yes' })).toEqual({ problem: { code: 'invalid_value', field: 'attends' } });
    expect(normalizeRecord(fields, { name: 5 })).toEqual({ problem: { code: 'invalid_value', field: 'name' } });
    expect(normalizeRecord(fields, { grade: true })).toEqual({ problem: { code: 'invalid_value', field: 'grade' } });
    expect(normalizeRecord(fields, { notes: 'a\u0000b' })).toEqual({ problem: { code: 'invalid_value', field: 'notes' } });
  });

  it('limits texts by field type', () => {
    expect(normalizeRecord(fields, { name: 'x'.repeat(FORM_TEXT_MAX) })).toEqual({ values: { name: 'x'.repeat(FORM_TEXT_MAX) } });
    expect(normalizeRecord(fields, { name: 'x'.repeat(FORM_TEXT_MAX + 1) })).toEqual({ problem: { code: 'too_long', field: 'name' } });
    expect(normalizeRecord(fields, { notes: 'x'.repeat(FORM_TEXT_MAX + 1) })).toHaveProperty('values');
    expect(normalizeRecord(fields, { notes: 'x'.repeat(FORM_TEXTAREA_MAX + 1) })).toEqual({ problem: { code: 'too_long', field: 'notes' } });
  });
});

describe('whether a reply may be sent (spec §5 Form reply)', () => {
  const select = [field('grade', 'select', 'First\nSecond'), field('size', 'select', 'S\nM'), field('name', 'text')];

  it('passes while no select was touched, even if empty', () => {
    expect(canSendReply(select, {}, new Set())).toBe(true);
    expect(canSendReply(select, { name: 'Ana' }, new Set(['name']))).toBe(true);
  });

  it('is disabled while a touched select is left at its empty choice', () => {
    expect(canSendReply(select, { grade: '' }, new Set(['grade']))).toBe(false);
    expect(canSendReply(select, {}, new Set(['grade']))).toBe(false);
    expect(canSendReply(select, { grade: 'First', size: '' }, new Set(['grade', 'size']))).toBe(false);
  });

  it('passes again once every touched select has a choice', () => {
    expect(canSendReply(select, { grade: 'First' }, new Set(['grade']))).toBe(true);
    expect(canSendReply(select, { grade: 'First', size: 'M' }, new Set(['grade', 'size']))).toBe(true);
  });
});
