/** /billing/{personId}: a person's (or a family's) billing. */
export const billingPath = (personId: number) => `/billing/${personId}`;
/** The spec's named route billing-debit-debitId (§2). */
export const debitPath = (debitId: number) => `/billing/debits/${debitId}`;
export const creditPath = (creditId: number) => `/billing/credits/${creditId}`;
/** The staff screen, optionally on one of its tabs. */
export const billingAdminPath = (tab?: string, query: Record<string, string> = {}) => {
  const search = new URLSearchParams({ ...(tab ? { tab } : {}), ...query }).toString();
  return `/billing/admin${search ? `?${search}` : ''}`;
};

/** A path parameter as an id, or null when it is not one (a hand-typed address). */
export function idOf(param: string | null | undefined): number | null {
  return param && /^[1-9][0-9]{0,14}$/.test(param) ? Number(param) : null;
}
