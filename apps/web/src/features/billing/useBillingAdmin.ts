import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingImport, BillingImportResult, BillingReminder, BillingReminderInput, Credit, Debtor, InterestRule, ManualCreditInput, PaymentProvider, Refund } from '@patio/core/schemas/billing';
import { DEFAULT_PAGE_SIZE } from '@patio/core/constants';
import { isNetworkError, isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { BILLING_KEY, debtorsKey, refundsKey, settingsKey } from './billingKeys';

/** GET billing/settings (ZBillingSettings of core, which exports no type of it). */
export interface BillingSettings {
  currency: string;
  interest: InterestRule;
  provider: PaymentProvider | null;
  /** Students see their own debits (default false: their relatives and billing staff do). */
  studentsSeeOwnBilling: boolean;
}

export interface DebtorFilters {
  node: string;
  minDaysOverdue: number;
}

/** GET billing/debtors?node&minDaysOverdue: students with an overdue balance, page after page. */
export function useDebtors(filters: DebtorFilters) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: debtorsKey(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<Debtor>('billing/debtors', { query: { node: filters.node || undefined, minDaysOverdue: filters.minDaysOverdue || undefined, page: pageParam, limit: DEFAULT_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) => (pages.length < Math.ceil(last.total / DEFAULT_PAGE_SIZE) && last.items.length > 0 ? pages.length + 1 : undefined),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** POST billing/reminders: a post to the families of every debtor. */
export function useSendReminder() {
  const { api } = useServices();
  return useMutation({ mutationFn: (input: BillingReminderInput) => api.post<BillingReminder>('billing/reminders', input) });
}

/** GET billing/settings: the interest rule, the currency and the provider. */
export function useBillingSettings() {
  const { api } = useServices();
  return useQuery({
    queryKey: settingsKey(),
    queryFn: ({ signal }) => api.get<BillingSettings>('billing/settings', { signal }),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** PUT billing/settings {interest}. */
export function useSaveInterestRule() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (interest: InterestRule) => api.put<BillingSettings>('billing/settings', { interest }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey(), settings);
      // Interest shown on every debit and balance changes with the rule.
      void queryClient.invalidateQueries({ queryKey: BILLING_KEY, predicate: (q) => q.queryKey[1] !== 'settings' });
    },
  });
}

/** PUT billing/settings {studentsSeeOwnBilling}: whether students see their own billing (applies at once). */
export function useSaveStudentsSeeOwn() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentsSeeOwnBilling: boolean) => api.put<BillingSettings>('billing/settings', { studentsSeeOwnBilling }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey(), settings),
  });
}

/** GET billing/refunds?state: payments approved after their debit was paid, page after page. */
export function useRefunds(state: 'open' | 'done') {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: refundsKey(state),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.getPage<Refund>('billing/refunds', { query: { state, page: pageParam, limit: DEFAULT_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) => (pages.length < Math.ceil(last.total / DEFAULT_PAGE_SIZE) && last.items.length > 0 ? pages.length + 1 : undefined),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** POST billing/refunds/{id}/done with how it was settled. */
export function useCompleteRefund() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => api.post<Refund>(`billing/refunds/${id}/done`, { note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refundsKey() }),
  });
}

/** POST billing/imports (the file), then POST billing/imports/{id}/commit. */
export function useDebitImport() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<BillingImport>('billing/imports', form);
    },
  });
  const commit = useMutation({
    mutationFn: (importId: number) => api.post<BillingImportResult | BillingImport>(`billing/imports/${importId}/commit`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
  return { upload, commit };
}

/** What a commit answered: the result itself, or the import with its result. */
export function importResultOf(answer: BillingImportResult | BillingImport | undefined): BillingImportResult | null {
  if (!answer) return null;
  return 'created' in answer ? answer : answer.result;
}

/**
 * POST people/{id}/billing/credits (treasury), with the Idempotency-Key of one submit, kept when the
 * same submit is tried again so a lost answer never records the payment twice.
 */
export function useRecordCredit() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, input, key }: { personId: number; input: ManualCreditInput; key: string }) =>
      api.post<Credit>(`people/${personId}/billing/credits`, input, { headers: { 'Idempotency-Key': key } }),
    retry: (count, error) => count < 2 && isNetworkError(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
