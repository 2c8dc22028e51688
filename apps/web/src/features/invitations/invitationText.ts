import type { TFunction } from 'i18next';
import type { SendInvitationsResult } from '@patio/core/schemas/invitations';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';

/** What a bulk send did, in sentences: how many were sent, then how many were skipped and why. */
export function describeSendResult(t: TFunction, result: SendInvitationsResult): { sent: string; skipped: string | null; reasons: string[] } {
  const { skipped } = result;
  const reasons = [
    skipped.noEmail ? t('invitations.skipped.noEmail', { count: skipped.noEmail }) : null,
    skipped.alreadyActive ? t('invitations.skipped.alreadyActive', { count: skipped.alreadyActive }) : null,
    skipped.registrationPending ? t('invitations.skipped.registrationPending', { count: skipped.registrationPending }) : null,
  ].filter((text): text is string => text !== null);
  return {
    sent: t('invitations.sentCount', { count: result.sent }),
    skipped: skipped.total ? t('invitations.skippedCount', { count: skipped.total }) : null,
    reasons,
  };
}

/** Why an invitation could not be sent: the server's 409 reasons in words, else the usual sentence. */
export function describeSendError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 409 && (error.code === 'no_email' || error.code === 'registration_pending')) {
    return t(`invitations.errors.${error.code}`);
  }
  if (error instanceof ApiError && error.status === 403) return t('people.notAllowedBody');
  return describeError(t, error);
}
