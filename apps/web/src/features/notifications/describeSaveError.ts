import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';

/** Why the settings were not saved, in the person's language (a 400 means the server refused a value). */
export function describeSaveError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return t('notificationSettings.save.badInput');
  return describeError(t, error);
}
