import { describe, expect, it } from 'vitest';
import { parseAudienceRule } from '@patio/core/audiences/index';
import { fromAudienceRule, newCondition, offeredFields, toAudienceRule, withField, type RuleDraft } from './ruleModel';

const row = (field: Parameters<typeof newCondition>[0], value: string, op?: string) => ({ ...newCondition(field), value, ...(op ? { op: op as never } : {}) });

describe('rule model', () => {
  it('leaves incomplete rows out and needs no combinator for a single condition', () => {
    expect(toAudienceRule({ match: 'and', conditions: [] })).toBeNull();
    expect(toAudienceRule({ match: 'and', conditions: [row('node', ''), row('firstName', '   ')] })).toBeNull();
    expect(toAudienceRule({ match: 'or', conditions: [row('node', '12'), row('role', '')] })).toEqual({ field: 'node', op: 'eq', args: [12] });
  });

  it('joins conditions with and/or into a rule the server accepts', () => {
    const draft: RuleDraft = {
      match: 'and',
      conditions: [row('node', '7'), row('gender', 'female'), row('lastName', ' Ruiz ', 'beginsWith'), row('familiesWithChildren', '2', 'gt'), row('enrollmentStatus', 'active', 'neq')],
    };
    const rule = toAudienceRule(draft);
    expect(rule).toEqual({
      op: 'and',
      args: [
        { field: 'node', op: 'eq', args: [7] },
        { field: 'gender', op: 'eq', args: ['female'] },
        { field: 'lastName', op: 'beginsWith', args: ['Ruiz'] },
        { field: 'familiesWithChildren', op: 'gt', args: [2] },
        { field: 'enrollmentStatus', op: 'neq', args: ['active'] },
      ],
    });
    expect(() => parseAudienceRule(rule)).not.toThrow();
  });

  it('refuses numbers that are not whole and non-negative', () => {
    expect(toAudienceRule({ match: 'and', conditions: [row('familiesWithChildren', '-1'), row('node', '2.5')] })).toBeNull();
  });

  it('keeps the comparison when the field has it, else takes the field’s first, and clears the value', () => {
    const text = { ...row('firstName', 'Ana'), op: 'eq' as const };
    expect(withField(text, 'role')).toMatchObject({ field: 'role', op: 'eq', value: '' });
    expect(withField({ ...text, op: 'contains' }, 'node')).toMatchObject({ field: 'node', op: 'eq', value: '' });
  });

  it('reads back the rules it writes, and says so for shapes it cannot show', () => {
    const written = toAudienceRule({ match: 'or', conditions: [row('node', '7'), row('role', 'relative')] });
    const read = fromAudienceRule(written);
    expect(read?.match).toBe('or');
    expect(read && toAudienceRule(read)).toEqual(written);
    expect(fromAudienceRule(null)).toEqual({ match: 'and', conditions: [] });
    expect(fromAudienceRule({ op: 'not', args: [{ field: 'node', op: 'eq', args: [7] }] })).toBeNull();
    expect(fromAudienceRule({ op: 'and', args: [{ op: 'or', args: [] }] })).toBeNull();
    expect(fromAudienceRule({ field: 'debtor', op: 'eq', args: ['yes'] })).toBeNull();
  });

  it('selects debtors with a boolean and reads it back as yes or no', () => {
    expect(toAudienceRule({ match: 'and', conditions: [row('debtor', 'yes')] })).toEqual({ field: 'debtor', op: 'eq', args: [true] });
    expect(toAudienceRule({ match: 'and', conditions: [row('debtor', 'no')] })).toEqual({ field: 'debtor', op: 'eq', args: [false] });
    expect(fromAudienceRule({ field: 'debtor', op: 'eq', args: [true] })?.conditions[0]).toMatchObject({ field: 'debtor', op: 'eq', value: 'yes' });
    expect(fromAudienceRule({ field: 'debtor', op: 'eq', args: [false] })?.conditions[0]).toMatchObject({ value: 'no' });
  });

  it('round-trips the billing fields through a rule the server accepts', () => {
    const written = toAudienceRule({ match: 'and', conditions: [row('debtor', 'no'), row('billingDebit', ' Transporte '), row('billingPrice', '150000,5', 'gt')] });
    expect(written).toEqual({
      op: 'and',
      args: [
        { field: 'debtor', op: 'eq', args: [false] },
        { field: 'billingDebit', op: 'contains', args: ['Transporte'] },
        { field: 'billingPrice', op: 'gt', args: [150000.5] },
      ],
    });
    expect(() => parseAudienceRule(written)).not.toThrow();
    const read = fromAudienceRule(written);
    expect(read?.conditions.map((c) => [c.field, c.op, c.value])).toEqual([
      ['debtor', 'eq', 'no'],
      ['billingDebit', 'contains', 'Transporte'],
      ['billingPrice', 'gt', '150000.5'],
    ]);
    expect(read && toAudienceRule(read)).toEqual(written);
  });

  it('reads amounts in major units with decimals after a point or a comma, and refuses others', () => {
    const price = (value: string) => toAudienceRule({ match: 'and', conditions: [row('billingPrice', value)] });
    expect(price('120000')).toEqual({ field: 'billingPrice', op: 'eq', args: [120000] });
    expect(price('12.5')).toEqual({ field: 'billingPrice', op: 'eq', args: [12.5] });
    expect(price(' 0,75 ')).toEqual({ field: 'billingPrice', op: 'eq', args: [0.75] });
    for (const bad of ['-5', '1.234,56', '1e3', '12.', ',5', 'abc', '1000000000000']) expect(price(bad)).toBeNull();
  });

  it('offers billing fields to billing staff only, but keeps a row’s own', () => {
    const billing = ['debtor', 'billingDebit', 'billingPrice'];
    expect(offeredFields('node', true)).toEqual(expect.arrayContaining(billing));
    expect(offeredFields('node', false).filter((f) => billing.includes(f))).toEqual([]);
    expect(offeredFields('billingPrice', false).filter((f) => billing.includes(f))).toEqual(['billingPrice']);
    expect(offeredFields('node', false)).toContain('familiesWithChildren');
  });
});
