// spec §9: "Currency: the stored currency postfix setting; otherwise EUR when the organisation
// URL contains .es, else COP." We read ".es" as a host label (colegio.es, demo.es.patio.app)
// so that a school at escuela.edu.co is not taken for a Spanish one.

/** Inputs of resolveCurrency: the school's settings value and its API/home URL. */
export interface CurrencySource {
  currencyPostfix?: string | null;
  orgUrl?: string | null;
}

/** Currencies shown without decimals. */
const WHOLE_CURRENCIES = new Set(['COP', 'CLP', 'JPY', 'PYG']);

function hostOf(url: string): string {
  try {
    return new URL(url.includes('://') ? url : `https://${url}`).hostname.toLowerCase();
  } catch {
    return url.toLowerCase();
  }
}

/** Tells whether a URL belongs to a Spanish (.es) domain. */
export function isSpanishDomain(url: string): boolean {
  return hostOf(url).split('.').slice(1).includes('es');
}

/** Picks the school's currency: stored postfix, else EUR for .es schools, else COP. */
export function resolveCurrency({ currencyPostfix, orgUrl }: CurrencySource): string {
  const postfix = currencyPostfix?.trim();
  if (postfix) return postfix;
  if (orgUrl && isSpanishDomain(orgUrl)) return 'EUR';
  return 'COP';
}

function isIsoCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

function safeLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
  } catch {
    return 'en';
  }
}

/** Formats money in the locale ('$ 1.234.568' for COP in es-CO); COP has no decimals; a non-ISO postfix is appended. */
export function formatMoney(amount: number, currency: string, locale = 'es-CO'): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Invalid amount: ${amount}`);
  const code = currency.trim().toUpperCase();
  const digits = WHOLE_CURRENCIES.has(code) ? 0 : 2;
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  const tag = safeLocale(locale);
  if (isIsoCurrency(code)) {
    return new Intl.NumberFormat(tag, { ...options, style: 'currency', currency: code }).format(amount);
  }
  // A school may store a free postfix such as 'Bs' or 'US$': show the number then the postfix.
  return `${new Intl.NumberFormat(tag, options).format(amount)} ${currency.trim()}`;
}
