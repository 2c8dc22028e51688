import type { TFunction } from 'i18next';
import { ApiError, isNetworkError } from '../../app/api/ApiError';

/** The refusals of POST attendance/checkpoints/{nodeId}/scan that have their own words (ZScanInput). */
const KNOWN = ['invalid_code', 'code_expired', 'not_on_roll'] as const;

/**
 * What a failed scan says, translated: the scan's own refusals, a code the server would not read
 * (too long, stray characters: not a card's code either), no right to mark, or no network.
 */
export function scanErrorText(t: TFunction, error: unknown): string {
  if (isNetworkError(error)) return t('attendance.scan.errors.offline');
  if (error instanceof ApiError) {
    const known = KNOWN.find((code) => code === error.code);
    if (known) return t(`attendance.scan.errors.${known}`);
    if (error.status === 400) return t('attendance.scan.errors.invalid_code');
    if (error.status === 403) return t('attendance.scan.errors.forbidden');
  }
  return t('attendance.scan.errors.other');
}
