import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';

/** Why a reply was refused, in the interface language (issue 9: 403 replies off, 409 expired, 413 too large). */
export function describeReplyError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('threads.reply.errors.notAllowed');
    if (error.status === 409) return t('threads.reply.errors.expired');
    if (error.status === 413) return t('threads.reply.errors.tooLarge');
    if (error.status === 400) return t('threads.reply.errors.invalid');
  }
  return describeError(t, error);
}
