import type { i18n as I18n } from 'i18next';

/**
 * The translated name of a job kind ("registration.mail" → "Correo de registro"). A kind the
 * dictionaries do not know yet shows as stored, never as a missing-key warning.
 */
export function jobKindLabel(i18n: Pick<I18n, 't' | 'exists'>, kind: string): string {
  const key = `jobs.kinds.${kind.replace(/[^A-Za-z0-9]+/g, '_')}`;
  return i18n.exists(key) ? i18n.t(key) : kind;
}

/** The translated topic of a job ("verification" → "Confirmación del correo"); unknown ones as stored. */
export function jobTopicLabel(i18n: Pick<I18n, 't' | 'exists'>, topic: string): string {
  const key = `jobs.topics.${topic.replace(/[^A-Za-z0-9]+/g, '_')}`;
  return i18n.exists(key) ? i18n.t(key) : topic;
}
