import { intlLocaleOf } from './intlLocale';

/** The units Patio writes next to a number (Intl "sanctioned" unit identifiers). */
export type MeasureUnit =
  | 'kilogram'
  | 'gram'
  | 'centimeter'
  | 'meter'
  | 'kilometer'
  | 'kilometer-per-hour'
  | 'celsius'
  | 'percent'
  | 'minute'
  | 'hour'
  | 'day';

/** How many decimals to show; Intl's defaults (up to 3) when left out. */
export interface DigitOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

function assertFinite(value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`Invalid number: ${value}`);
}

/** A number in the interface language: formatNumber(1234.5, 'es') → '1.234,5', 'en' → '1,234.5'. */
export function formatNumber(value: number, language: string | null | undefined, digits: DigitOptions = {}): string {
  assertFinite(value);
  return new Intl.NumberFormat(intlLocaleOf(language), digits).format(value);
}

/** A number with its short unit in the interface language: formatMeasure(38.5, 'kilogram', 'de') → '38,5 kg'. */
export function formatMeasure(value: number, unit: MeasureUnit, language: string | null | undefined, digits: DigitOptions = {}): string {
  assertFinite(value);
  return new Intl.NumberFormat(intlLocaleOf(language), { ...digits, style: 'unit', unit, unitDisplay: 'short' }).format(value);
}
