import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Language } from '@patio/core/schemas/person';
import type { Post } from '@patio/core/schemas/posts';
import type { PostTranslation, TranslationService } from '@patio/core/schemas/translations';
import { dictionaryLanguageOf } from '@patio/core/i18n/index';
import { isRefusal } from '../../app/api/ApiError';
import { useServices, useSessionState } from '../../app/services';

/** The reader's interface language as a post language (es-CO → es). */
export function useReaderLanguage(): Language {
  return dictionaryLanguageOf(useSessionState((s) => s.language));
}

/**
 * GET translation: whether the server can translate posts, asked once per session and only when a post
 * in another language is on screen, so a school that writes in its families' language pays nothing.
 */
export function useTranslationService(isNeeded: boolean): boolean {
  const { api } = useServices();
  const query = useQuery({
    queryKey: ['translation', 'service'],
    queryFn: ({ signal }) => api.get<TranslationService>('translation', { signal }),
    enabled: isNeeded,
    staleTime: Infinity,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
  return query.data?.available === true;
}

export interface PostTranslationState {
  /** The reader's language differs from the post's and the server can translate. */
  canTranslate: boolean;
  /** The translation on show, or null for the original. */
  shown: PostTranslation | null;
  isTranslating: boolean;
  hasFailed: boolean;
  translate(): void;
  showOriginal(): void;
}

/** The "Translate" / "Show original" state of one post card (POST posts/{id}/translations, kept by the server). */
export function usePostTranslation(post: Pick<Post, 'id' | 'language'>, reader: Language): PostTranslationState {
  const { api } = useServices();
  const differs = post.language !== reader;
  const isAvailable = useTranslationService(differs);
  const [isShown, setShown] = useState(false);
  const mutation = useMutation({
    mutationFn: () => api.post<PostTranslation>(`posts/${post.id}/translations`, { language: reader }),
    onSuccess: () => setShown(true),
  });
  const current = mutation.data?.language === reader ? mutation.data : null;
  return {
    canTranslate: differs && isAvailable,
    shown: isShown && current ? current : null,
    isTranslating: mutation.isPending,
    hasFailed: mutation.isError,
    translate: () => (current ? setShown(true) : mutation.mutate()),
    showOriginal: () => setShown(false),
  };
}
