import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingBalance, Credit, CreditSummary, Debit, DebitSummary, Payment, PaymentStarted } from '@patio/core/schemas/billing';
import type { Child } from '@patio/core/schemas/people';
import { DEFAULT_PAGE_SIZE } from '@patio/core/constants';
import { isNetworkError, isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { balanceKey, BILLING_KEY, creditKey, debitKey, paymentKey, personListKey } from './billingKeys';
import type { BillingTab } from './billingTabs';

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** The API path of each tab's list. */
const LIST_PATHS: Record<BillingTab, { path: string; query?: Record<string, string> }> = {
  pending: { path: 'billing/debits/pending' },
  paid: { path: 'billing/debits/paid' },
  toApply: { path: 'billing/credits', query: { balance: 'true' } },
  payments: { path: 'billing/credits' },
};

/** GET people/{id}/billing/balance: what the person (or family) owes, overdue, and payments to apply. */
export function useBalance(personId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: balanceKey(personId),
    queryFn: ({ signal }) => api.get<BillingBalance>(`people/${personId}/billing/balance`, { signal }),
    retry: noRetryOnRefusal,
  });
}

/** One tab's list page after page (X-Total-Count): debits for pending and paid, credits for the others. */
export function useBillingList<T extends DebitSummary | CreditSummary>(personId: number, tab: BillingTab) {
  const { api } = useServices();
  const { path, query = {} } = LIST_PATHS[tab];
  return useInfiniteQuery({
    queryKey: personListKey(personId, tab),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.getPage<T>(`people/${personId}/${path}`, { query: { ...query, page: pageParam, limit: DEFAULT_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) => (pages.length < Math.ceil(last.total / DEFAULT_PAGE_SIZE) && last.items.length > 0 ? pages.length + 1 : undefined),
    retry: noRetryOnRefusal,
  });
}

/** GET people/{id}/children: a parent's children, for the family view's filter (none for anyone else). */
export function useBillingChildren(personId: number, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['person', personId, 'children'],
    queryFn: ({ signal }) => api.get<Child[]>(`people/${personId}/children`, { signal }),
    enabled,
    retry: false,
  });
}

/** GET billing/debits/{id}. */
export function useDebit(debitId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: debitKey(debitId ?? 0),
    queryFn: ({ signal }) => api.get<Debit>(`billing/debits/${debitId}`, { signal }),
    enabled: debitId !== null,
    retry: noRetryOnRefusal,
  });
}

/** GET billing/credits/{id}. */
export function useCredit(creditId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: creditKey(creditId ?? 0),
    queryFn: ({ signal }) => api.get<Credit>(`billing/credits/${creditId}`, { signal }),
    enabled: creditId !== null,
    retry: noRetryOnRefusal,
  });
}

/** Asks this often while a payment is pending: quickly at first, then gently (a gateway may take minutes). */
export function paymentPollInterval(startedPollingAt: number, now = Date.now()): number {
  return now - startedPollingAt < 120_000 ? 3_000 : 15_000;
}

/**
 * GET billing/payments/{id}, asked again while it is pending. When it leaves pending, everything
 * billing is refreshed: the debit, the balance and the lists.
 */
export function usePayment(paymentId: number | null) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  return useQuery({
    queryKey: paymentKey(paymentId ?? 0),
    queryFn: async ({ signal }) => {
      const payment = await api.get<Payment>(`billing/payments/${paymentId}`, { signal });
      if (payment.status !== 'pending') void queryClient.invalidateQueries({ queryKey: BILLING_KEY, predicate: (q) => q.queryKey[1] !== 'payment' });
      return payment;
    },
    enabled: paymentId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' || (query.state.error && !isRefusal(query.state.error)) ? paymentPollInterval(startedAt) : false),
    retry: noRetryOnRefusal,
  });
}

/**
 * POST billing/debits/{id}/payments with the Idempotency-Key of one Pay click: a lost answer is asked
 * again with the same key, so the server answers the same payment and never starts a second one.
 */
export function useStartPayment(debitId: number) {
  const { api } = useServices();
  return useMutation({
    mutationFn: (idempotencyKey: string) => api.post<PaymentStarted>(`billing/debits/${debitId}/payments`, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }),
    retry: (count, error) => count < 2 && isNetworkError(error),
  });
}

/** POST billing/credits/{id}/apply or …/unapply (staff); refreshes everything billing after. */
export function useCreditAction(creditId: number) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, debitId }: { action: 'apply' | 'unapply'; debitId?: number }) =>
      api.post<Credit>(`billing/credits/${creditId}/${action}`, debitId === undefined ? {} : { debitId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
