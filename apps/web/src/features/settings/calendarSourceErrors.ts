import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';

/** Why adding an external calendar failed, in the interface language (spec: 422 feed_unreachable / feed_invalid). */
export function describeSourceError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'feed_unreachable') return t('calendarSettings.sources.errors.unreachable');
    if (error.code === 'feed_invalid') return t('calendarSettings.sources.errors.invalid');
    if (error.code === 'invalid_feed_url') return t('calendarSettings.sources.urlInvalid');
    if (error.status === 400) return t('calendarSettings.sources.errors.badInput');
    if (error.status === 403) return t('calendarSettings.sources.errors.notAllowed');
    if (error.status === 404) return t('calendarSettings.sources.errors.gone');
  }
  return describeError(t, error);
}
