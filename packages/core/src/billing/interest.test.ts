import { describe, expect, it } from 'vitest';
import { accruedInterest, daysOverdue, interestStartOf } from './interest';

const rule = { monthlyRatePercent: 1.5, graceDays: 0 };

describe('interest on overdue charges', () => {
  it('counts simple interest per day as rate × days / 30', () => {
    expect(accruedInterest({ outstandingCharges: 630_000, rule, from: '2026-04-01', to: '2026-05-01' })).toBe(9_450);
    expect(accruedInterest({ outstandingCharges: 630_000, rule, from: '2026-04-01', to: '2026-04-02' })).toBe(315);
    expect(accruedInterest({ outstandingCharges: 630_000, rule, from: '2026-04-01', to: '2026-05-16' })).toBe(14_175);
  });

  it('rounds half up on exact integers, even for the largest amounts', () => {
    expect(accruedInterest({ outstandingCharges: 1, rule: { monthlyRatePercent: 1.5, graceDays: 0 }, from: '2026-01-01', to: '2026-01-21' })).toBe(0);
    expect(accruedInterest({ outstandingCharges: 100, rule: { monthlyRatePercent: 1.5, graceDays: 0 }, from: '2026-01-01', to: '2026-01-11' })).toBe(1);
    expect(accruedInterest({ outstandingCharges: 999_999_999_999, rule: { monthlyRatePercent: 10, graceDays: 0 }, from: '2020-01-01', to: '2030-01-01' })).toBe(12_176_666_666_654);
  });

  it('accrues nothing before the start, with the rule off, or on nothing owed', () => {
    expect(accruedInterest({ outstandingCharges: 630_000, rule, from: '2026-04-01', to: '2026-04-01' })).toBe(0);
    expect(accruedInterest({ outstandingCharges: 630_000, rule, from: '2026-04-01', to: '2026-03-01' })).toBe(0);
    expect(accruedInterest({ outstandingCharges: 630_000, rule: { monthlyRatePercent: 0, graceDays: 0 }, from: '2026-04-01', to: '2026-05-01' })).toBe(0);
    expect(accruedInterest({ outstandingCharges: 630_000, rule: null, from: '2026-04-01', to: '2026-05-01' })).toBe(0);
    expect(accruedInterest({ outstandingCharges: 0, rule, from: '2026-04-01', to: '2026-05-01' })).toBe(0);
  });

  it('waits out the grace days after expiry', () => {
    const grace = { monthlyRatePercent: 3, graceDays: 10 };
    expect(interestStartOf('2026-04-25', grace)).toBe('2026-05-05');
    expect(accruedInterest({ outstandingCharges: 100_000, rule: grace, from: '2026-04-25', to: '2026-05-05', expirationDate: '2026-04-25' })).toBe(0);
    expect(accruedInterest({ outstandingCharges: 100_000, rule: grace, from: '2026-04-25', to: '2026-05-15', expirationDate: '2026-04-25' })).toBe(1_000);
    expect(daysOverdue('2026-04-25', '2026-05-05')).toBe(10);
    expect(daysOverdue('2026-04-25', '2026-04-01')).toBe(0);
  });
});
