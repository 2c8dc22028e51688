import { useCallback } from 'react';
import { formatMinor } from '@patio/core/billing/money';
import { intlLocaleOf } from '@patio/core/format/intlLocale';
import { useSessionState } from '../../app/services';

/** Formats minor units in the interface language ('$ 450.000' for COP in es-CO, '450.000 $' in de…). */
export function useMoney(): (minor: number, currency: string) => string {
  const language = useSessionState((s) => s.language);
  return useCallback((minor: number, currency: string) => formatMinor(minor, currency, intlLocaleOf(language)), [language]);
}
