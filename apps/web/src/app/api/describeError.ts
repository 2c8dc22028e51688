import type { TFunction } from 'i18next';
import { ApiError, isNetworkError } from './ApiError';

/** A translated sentence for a failure the screen has no special wording for. */
export function describeError(t: TFunction, error: unknown): string {
  if (isNetworkError(error)) return t('errors.network');
  if (error instanceof ApiError && error.status === 429) return t('login.tooManyAttempts');
  return t('errors.generic');
}
