import { LANGUAGES } from '@patio/core/constants';
import type { Language } from '@patio/core/schemas/person';
import type { PostType, PostTypeUpdate } from '@patio/core/schemas/posts';

const HEX = /^#[0-9a-fA-F]{6}$/;

export interface PostTypeForm {
  names: Record<Language, { singular: string; plural: string }>;
  icon: string;
  color: string;
  visible: boolean;
}

/** The editor's fields for a stored type (a missing name starts from the one in the caller's language). */
export function formOf(postType: PostType): PostTypeForm {
  const names = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, { singular: postType.names?.[lang]?.singular ?? postType.singular, plural: postType.names?.[lang]?.plural ?? postType.plural }]),
  ) as PostTypeForm['names'];
  return { names, icon: postType.icon, color: postType.color, visible: postType.visible };
}

/** Which fields are wrong: empty names (by language) and a colour that is not #rrggbb. */
export function problemsOf(form: PostTypeForm): { names: Language[]; color: boolean } {
  return {
    names: LANGUAGES.filter((lang) => !form.names[lang].singular.trim() || !form.names[lang].plural.trim()),
    color: !HEX.test(form.color),
  };
}

/** Body of PUT post-types/{type}: every field of the editor, names trimmed. */
export function updateOf(form: PostTypeForm): PostTypeUpdate {
  const names = Object.fromEntries(LANGUAGES.map((lang) => [lang, { singular: form.names[lang].singular.trim(), plural: form.names[lang].plural.trim() }]));
  return { names, icon: form.icon, color: form.color.toLowerCase(), visible: form.visible };
}
