import { describe, expect, it } from 'vitest';
import { debitStatus, distribute } from './distribute';

const lines = [
  { id: 1, kind: 'charge' as const, position: 1, outstanding: 450_000 },
  { id: 2, kind: 'charge' as const, position: 2, outstanding: 180_000 },
  { id: 3, kind: 'interest' as const, position: 3, outstanding: 9_450 },
];

describe('distributing a credit over a debit', () => {
  it('pays interest first, then charges in line order', () => {
    expect(distribute(100_000, lines)).toEqual([{ id: 3, value: 9_450 }, { id: 1, value: 90_550 }]);
    expect(distribute(500_000, lines)).toEqual([{ id: 3, value: 9_450 }, { id: 1, value: 450_000 }, { id: 2, value: 40_550 }]);
  });

  it('never pays a line more than it owes, and leaves the rest', () => {
    expect(distribute(1_000_000, lines).reduce((s, x) => s + x.value, 0)).toBe(639_450);
    expect(distribute(5_000, [{ id: 1, kind: 'charge', position: 1, outstanding: 0 }, { id: 2, kind: 'charge', position: 2, outstanding: 3_000 }])).toEqual([{ id: 2, value: 3_000 }]);
    expect(distribute(0, lines)).toEqual([]);
  });

  it('orders lines by position whatever order they come in', () => {
    expect(distribute(10, [lines[1]!, lines[0]!])).toEqual([{ id: 1, value: 10 }]);
  });

  it('tells pending, overdue and paid apart', () => {
    expect(debitStatus({ balance: 10, expirationDate: '2026-05-01', today: '2026-05-01' })).toBe('pending');
    expect(debitStatus({ balance: 10, expirationDate: '2026-05-01', today: '2026-05-02' })).toBe('overdue');
    expect(debitStatus({ balance: 0, expirationDate: '2026-05-01', today: '2026-06-02' })).toBe('paid');
  });
});
