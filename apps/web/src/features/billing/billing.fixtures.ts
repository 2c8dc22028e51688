import type { BillingBalance, Credit, CreditSummary, Debit, DebitSummary, Distribution, Payment, Refund } from '@patio/core/schemas/billing';
import { BASE } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';

// Answers shaped as the zod contract of packages/core/src/schemas/billing.ts, for screen tests.

export const ME = 7;
export const signedIn = (language = 'es-CO') => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language, token: validToken(ME) });

export const balance = (extra: Partial<BillingBalance> = {}): BillingBalance => ({
  balance: 900_000,
  currency: 'COP',
  pending: 950_000,
  overdue: 450_000,
  unapplied: 50_000,
  pendingCount: 2,
  overdueCount: 1,
  ...extra,
});

export const debitSummary = (extra: Partial<DebitSummary> = {}): DebitSummary => ({
  id: 11,
  sequence: 1041,
  period: '2026-03',
  description: 'Pensión marzo',
  person: { id: 40, name: 'Ana Ruiz' },
  issueDate: '2026-03-01',
  expirationDate: '2026-03-10',
  currency: 'COP',
  value: 450_000,
  interest: 0,
  paid: 0,
  balance: 450_000,
  status: 'pending',
  paidOn: null,
  ...extra,
});

export const distribution = (extra: Partial<Distribution> = {}): Distribution => ({
  id: 500,
  creditId: 21,
  creditSequence: 310,
  debitId: 11,
  debitSequence: 1041,
  period: '2026-03',
  conceptId: 600,
  conceptName: 'Pensión',
  kind: 'charge',
  value: 200_000,
  date: '2026-03-05',
  method: 'cash',
  ...extra,
});

export const debit = (extra: Partial<Debit> = {}): Debit => ({
  ...debitSummary(),
  concepts: [{ id: 600, kind: 'charge', name: 'Pensión', observations: '', value: 450_000, paid: 0 }],
  accruingInterest: 0,
  interestRule: { monthlyRatePercent: 1.5, graceDays: 5 },
  distributions: [],
  canPay: true,
  paymentsAvailable: true,
  lastPayment: null,
  ...extra,
});

export const creditSummary = (extra: Partial<CreditSummary> = {}): CreditSummary => ({
  id: 21,
  sequence: 310,
  person: { id: 40, name: 'Ana Ruiz' },
  method: 'cash',
  date: '2026-03-05',
  effectiveDate: '2026-03-05',
  currency: 'COP',
  value: 250_000,
  applied: 200_000,
  unapplied: 50_000,
  reference: 'REC-77',
  ...extra,
});

export const credit = (extra: Partial<Credit> = {}): Credit => ({
  ...creditSummary(),
  note: '',
  createdBy: { id: 2, name: 'Tesorería Demo' },
  paymentId: null,
  distributions: [distribution()],
  canManage: false,
  ...extra,
});

export const payment = (extra: Partial<Payment> = {}): Payment => ({
  id: 90,
  debitId: 11,
  provider: 'sandbox',
  status: 'pending',
  amount: 450_000,
  currency: 'COP',
  checkoutUrl: null,
  creditId: null,
  createdAt: 1_790_000_000,
  completedAt: null,
  ...extra,
});

export const refund = (extra: Partial<Refund> = {}): Refund => ({
  id: 7,
  paymentId: 91,
  creditId: 22,
  creditSequence: 311,
  debitId: 11,
  person: { id: 40, name: 'Ana Ruiz' },
  amount: 450_000,
  currency: 'COP',
  createdAt: 1_790_000_000,
  doneAt: null,
  doneBy: null,
  note: '',
  ...extra,
});
