import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { eventRefusalOf } from './eventErrors';

/** The server's answer for a post without anyone to receive it (spec §5), by code or by its words. */
export function isNoRecipients(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const message = (error.body as { message?: unknown } | null)?.message;
  return error.code === 'no_recipients' || (typeof message === 'string' && /destinatar/i.test(message));
}

/** A sentence for a failed save or publish, in the interface language. */
export function describeComposeError(t: TFunction, error: unknown): string {
  if (isNoRecipients(error)) return t('compose.mustSelectRecipients');
  if (error instanceof ApiError) {
    if (error.status === 413) return t('compose.errors.tooLarge');
    if (error.status === 403 && error.code === 'forbidden_filter') return t('compose.rules.forbidden');
    if (error.status === 403 && error.code === 'forbidden_recipients') return t('compose.errors.forbiddenRecipients');
    if (error.status === 403) return t('compose.errors.notAllowed');
    if (error.status === 404) return t('compose.errors.draftGone');
    if (error.status === 409 && error.code === 'not_a_draft') return t('compose.errors.alreadyPublished');
    if (error.status === 400 && error.code === 'invalid_quotes') return t('compose.errors.invalidQuote');
    if (error.status === 400 && error.code === 'invalid_expiration') return t('compose.dates.expiresBeforePublish');
    if (eventRefusalOf(error, false)) return t('composeEvent.errors.checkEvent');
    if (error.status === 400) return t('compose.errors.invalid');
  }
  return describeError(t, error);
}
