import type { Language } from '@patio/core';

/** One mail in one language: `{key}` placeholders are filled in by `renderMail`. */
export interface MailTemplate {
  subject: string;
  body: string;
}

/**
 * Subject and text of a mail in the base of `language` ('pt-BR' → pt; es when unknown or not
 * offered). Only the placeholders named in `values` are filled; any other brace stays as written.
 */
export function renderMail<Values extends Record<string, string | number>>(
  templates: Record<Language, MailTemplate>,
  language: string | null,
  values: Values,
): { subject: string; text: string } {
  const base = language?.toLowerCase().split('-')[0] ?? '';
  const template = templates[(base in templates ? base : 'es') as Language];
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
  return { subject: fill(template.subject), text: fill(template.body) };
}
