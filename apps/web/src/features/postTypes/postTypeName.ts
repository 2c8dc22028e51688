import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import type { PostType } from '@patio/core/schemas/posts';

/** A post type's name in the interface language (its six names come with it), else the server's choice. */
export function postTypeName(postType: PostType | undefined, language: string, form: 'singular' | 'plural' = 'singular'): string {
  if (!postType) return '';
  const names = postType.names?.[dictionaryLanguageOf(matchInterfaceLanguage(language))];
  return names?.[form] || postType[form];
}
