import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatMinor } from '@patio/core/billing/money';
import { formatDateTime, formatDay, formatTime } from '@patio/core/format/dateTimes';
import { intlLocaleOf } from '@patio/core/format/intlLocale';
import { MAX_DASHBOARD_RANGE_DAYS, type DashboardBlock } from '@patio/core/schemas/dashboards';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { useSessionState } from '../../app/services';

/** The server's codes these screens put in their own words; anything else is said generically. */
const KNOWN_CODES = new Set(['forbidden_block', 'forbidden_node', 'bad_period', 'home_dashboard', 'unknown_block']);

/** A failed dashboard request in words: the contract's codes, a refusal, bad input, else the app's generic sentence. */
export function dashboardErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.code;
    if (code && KNOWN_CODES.has(code)) return t(`dashboardScreens.errors.${code}`, { days: MAX_DASHBOARD_RANGE_DAYS });
    if (error.status === 400) return t('dashboardScreens.errors.invalid');
    if (error.status === 403) return t('dashboardScreens.errors.forbidden');
    if (error.status === 404) return t('dashboardScreens.errors.not_found');
  }
  if (error instanceof z.ZodError) return t('errors.generic');
  return describeError(t, error);
}

/** A block's heading: its own title, else its kind's name in the reader's language. */
export function blockNameOf(t: TFunction, block: Pick<DashboardBlock, 'kind' | 'title'>): string {
  return block.title?.trim() || t(`dashboardScreens.kinds.${block.kind}`);
}

/** A dashboard's title; Inicio has none of its own (null) and reads "Inicio" translated. */
export function dashboardTitleOf(t: TFunction, dashboard: { title: string | null; home: boolean }): string {
  if (dashboard.home || dashboard.title === null) return dashboard.home ? t('dashboardScreens.home') : t('dashboardScreens.untitled');
  return dashboard.title;
}

export interface Formats {
  number(value: number): string;
  /** A 0–1 rate as a whole percentage ('92 %'); a dash when there is nothing to count. */
  percent(rate: number | null): string;
  money(minor: number, currency: string): string;
  day(day: string): string;
  dateTime(epochMs: number): string;
  time(epochMs: number): string;
}

/** Numbers, money and dates in the reader's language (Intl); times in the school's zone. */
export function useFormats(timeZone: string | undefined): Formats {
  const language = useSessionState((s) => s.language);
  return useMemo(() => {
    const locale = intlLocaleOf(language);
    const numbers = new Intl.NumberFormat(locale);
    const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    return {
      number: (value) => numbers.format(value),
      percent: (rate) => (rate === null ? '—' : percents.format(rate)),
      money: (minor, currency) => formatMinor(minor, currency, locale),
      day: (day) => formatDay(day, language, 'medium'),
      dateTime: (epochMs) => formatDateTime(epochMs, language, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      time: (epochMs) => formatTime(epochMs, language, { timeZone }),
    };
  }, [language, timeZone]);
}
