import type { TFunction } from 'i18next';
import type { CreditMethod, DebitStatus } from '@patio/core/schemas/billing';
import { formatDay } from '@patio/core/format/dateTimes';
import { intlLocaleOf } from '@patio/core/format/intlLocale';

/** A billed period ('2026-03') as a month in the interface language ('marzo de 2026'); other text as is. */
export function periodLabel(period: string, language: string | null | undefined): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  if (!match) return period;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(intlLocaleOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** How a credit was paid, in words. */
export function methodLabel(t: TFunction, method: CreditMethod): string {
  return t(`billing.methods.${method}`);
}

/** A debit's state in words. */
export function statusLabel(t: TFunction, status: DebitStatus): string {
  return t(`billing.status.${status}`);
}

/** A ledger day in the interface language, medium length ('15 mar 2026'). */
export function dayLabel(day: string | null, language: string | null | undefined): string {
  return day ? formatDay(day, language, 'medium') : '';
}

/** Today as YYYY-MM-DD in the browser's zone (the default date of a payment recorded now). */
export function todayDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
