// Cache keys of the billing area: everything lives under ['billing'], so a payment that lands or a
// credit applied refreshes balances, lists and details in one call.

export const BILLING_KEY = ['billing'] as const;
export const balanceKey = (personId: number) => ['billing', 'person', personId, 'balance'] as const;
export const personListKey = (personId: number, list: string) => ['billing', 'person', personId, list] as const;
export const debitKey = (debitId: number) => ['billing', 'debit', debitId] as const;
export const creditKey = (creditId: number) => ['billing', 'credit', creditId] as const;
export const paymentKey = (paymentId: number) => ['billing', 'payment', paymentId] as const;
export const debtorsKey = (filters: object) => ['billing', 'debtors', filters] as const;
export const settingsKey = () => ['billing', 'settings'] as const;
export const refundsKey = (state?: 'open' | 'done') => (state ? (['billing', 'refunds', state] as const) : (['billing', 'refunds'] as const));
