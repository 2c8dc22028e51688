import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import type { PostType, PostTypeKey } from '@patio/core/schemas/posts';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** How a post type looks on a chip: its name in the interface language, icon and colour. */
export interface PostTypeLook {
  type: PostTypeKey;
  singular: string;
  plural: string;
  icon: string;
  color: string;
  /** Spec §3: false for a type the school hides from lists (its threads are under Hidden messages). */
  visible: boolean;
}

/** The query key of GET post-types; the post types editor invalidates it after a change. */
export const POST_TYPES_KEY = ['postTypes'] as const;

/** GET post-types, as a map from kind to its look in the interface language (names of all six come with it). */
export function usePostTypes(): ReadonlyMap<PostTypeKey, PostTypeLook> | undefined {
  const { api } = useServices();
  const { i18n } = useTranslation();
  const language = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
  const query = useQuery({
    queryKey: POST_TYPES_KEY,
    queryFn: ({ signal }) => api.get<PostType[]>('post-types', { signal }),
    staleTime: 10 * 60_000,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
  return useMemo(() => {
    if (!query.data) return undefined;
    return new Map(
      query.data.map((postType) => {
        const names = postType.names?.[language];
        return [postType.type, { type: postType.type, singular: names?.singular ?? postType.singular, plural: names?.plural ?? postType.plural, icon: postType.icon, color: postType.color, visible: postType.visible }];
      }),
    );
  }, [query.data, language]);
}
