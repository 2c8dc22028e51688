import type { TFunction } from 'i18next';
import { ApiError, isNetworkError } from '../../app/api/ApiError';

// The API's error codes of the activities area that people may meet (issue 37 §3), each in words.
const KNOWN = new Set([
  'not_eligible',
  'already_requested',
  'activity_full',
  'bad_schedule',
  'bad_term',
  'unknown_node',
  'unknown_person',
  'unknown_leader',
  'activity_ended',
  'request_closed',
  'request_decided',
  'unknown_route',
  'capacity_below_accepted',
]);

/** A translated sentence for a failed request, save or decision of the activities screens. */
export function activityErrorText(t: TFunction, error: unknown): string {
  if (isNetworkError(error)) return t('activities.errors.network');
  if (error instanceof ApiError) {
    if (error.code && KNOWN.has(error.code)) return t(`activities.errors.${error.code}`);
    if (error.status === 403) return t('activities.errors.forbidden');
    if (error.status === 404) return t('activities.errors.notFound');
    if (error.status === 400) return t('activities.errors.invalid');
  }
  return t('activities.errors.generic');
}
