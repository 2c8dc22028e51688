import type { TFunction } from 'i18next';
import type { FormField } from '@patio/core/schemas/blocks';
import { ApiError, isNetworkError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { fieldLabel } from './answerText';

/** The field name a 400 answer points at: `details` naming it in one of the shapes the API uses. */
export function problemFieldOf(body: unknown): string | null {
  const b = body as { field?: unknown; details?: unknown } | null;
  if (!b || typeof b !== 'object') return null;
  const details = Array.isArray(b.details) ? b.details[0] : b.details;
  const candidates = [b.field, details, (details as { field?: unknown } | null)?.field, (details as { path?: unknown } | null)?.path];
  const name = candidates.find((c): c is string => typeof c === 'string' && c !== '');
  return name ?? null;
}

const FIELD_CODES: Record<string, string> = {
  unknown_field: 'unknownField',
  invalid_choice: 'invalidChoice',
  invalid_value: 'invalidValue',
  too_long: 'tooLong',
};

/** A failed reply in words the family understands, naming the question when the server names it. */
export function describeReplyError(t: TFunction, error: unknown, fields: readonly FormField[]): string {
  if (isNetworkError(error)) return t('errors.network');
  if (!(error instanceof ApiError)) return t('errors.generic');
  const code = error.code ?? '';
  if (error.status === 400 && FIELD_CODES[code]) {
    const name = problemFieldOf(error.body);
    const index = fields.findIndex((f) => f.name === name);
    const key = `blocks.form.replyErrors.${FIELD_CODES[code]}`;
    return index >= 0 ? t(key, { field: fieldLabel(t, fields[index], index + 1) }) : t(`${key}Any`);
  }
  if (error.status === 409) return t('blocks.form.replyErrors.alreadyAnswered');
  if (error.status === 403) return t('blocks.form.replyErrors.forbidden');
  if (error.status === 404) return t('blocks.form.missing');
  if (error.status === 413) return t('blocks.form.replyErrors.tooLongAny');
  return describeError(t, error);
}
