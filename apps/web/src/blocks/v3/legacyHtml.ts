import { sanitizeHtml } from '../../features/posts/sanitizeHtml';

// Spec §2 routes: the legacy module links to the billing-debit route with the label PAGAR POR TESORERIA.

const PAY_LABEL = 'PAGAR POR TESORERIA';
/** Marks a link that the app follows itself instead of leaving for another tab. */
export const APP_ROUTE_ATTRIBUTE = 'data-patio-route';
/** The only in-app address a legacy module may lead to. */
export const DEBIT_ROUTE = /^\/billing\/debits\/\d{1,15}$/;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

/** The debit a legacy payment link names: a debit id in its query, else the last number of its path. */
export function debitIdOf(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, 'https://legacy.invalid/');
  } catch {
    return null;
  }
  for (const key of ['debitId', 'debit_id', 'debit', 'id']) {
    const value = url.searchParams.get(key);
    if (value && /^\d{1,15}$/.test(value)) return value;
  }
  const numbers = url.pathname.split('/').filter((part) => /^\d{1,15}$/.test(part));
  return numbers.length > 0 ? numbers[numbers.length - 1] : null;
}

/**
 * A legacy module's HTML made safe to show (DOMPurify, as post descriptions), its payment links
 * first pointed at the app's billing-debit route. A payment link without a debit loses its address.
 */
export function prepareLegacyHtml(raw: string): string {
  if (typeof DOMParser === 'undefined') return sanitizeHtml(raw);
  // An inert document: nothing in it runs or loads while it is rewritten.
  const doc = new DOMParser().parseFromString(raw, 'text/html');
  // Only this function marks links the app follows: the module's own marks are dropped.
  for (const marked of Array.from(doc.querySelectorAll(`[${APP_ROUTE_ATTRIBUTE}]`))) marked.removeAttribute(APP_ROUTE_ATTRIBUTE);
  for (const link of Array.from(doc.querySelectorAll('a'))) {
    if (fold(link.textContent ?? '') !== PAY_LABEL) continue;
    const debit = debitIdOf(link.getAttribute('href') ?? '');
    link.removeAttribute('href');
    if (debit === null) continue;
    link.setAttribute('href', `/billing/debits/${debit}`);
    link.setAttribute(APP_ROUTE_ATTRIBUTE, '');
  }
  return sanitizeHtml(doc.body.innerHTML);
}
