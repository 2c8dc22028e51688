import { z } from 'zod';
import { ZLanguage } from './person';

// Reading a post in another language (issue 33 item 9; docs/decisions/029-post-translation.md): the
// server asks the translation service its operator configured and keeps the answer per post and language.

/** Body of POST posts/{id}/translations. */
export const ZTranslationRequest = z
  .object({ language: ZLanguage.describe('The language to read the post in (the reader’s interface language)') })
  .strict();
export type TranslationRequest = z.infer<typeof ZTranslationRequest>;

/** A post's title and description in another language; the description is sanitised HTML like the original. */
export const ZPostTranslation = z.object({
  language: ZLanguage,
  title: z.string(),
  description: z.string().describe('Sanitised HTML'),
});
export type PostTranslation = z.infer<typeof ZPostTranslation>;

/** GET translation: whether this server can translate posts at all (the web shows "Translate" only then). */
export const ZTranslationService = z.object({
  available: z.boolean().describe('False when the operator configured no translation service (TRANSLATE_PROVIDER)'),
});
export type TranslationService = z.infer<typeof ZTranslationService>;
