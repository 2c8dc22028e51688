import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormSummary } from '@patio/core/schemas/blocks';
import type { SentPost } from '@patio/core/schemas/posts';
import { useServices } from '../../app/services';
import { useSignedInId } from '../../app/session/useSignedInId';

/** Something a block may be about, as a picker lists it. */
export interface PickableItem {
  id: number;
  label: string;
}

const RECENT_POSTS = 20;

/** GET people/{me}/posts/sent: the viewer's latest published posts, the ones whose read rate they follow. */
export function useRecentPosts(): PickableItem[] | null {
  const { api } = useServices();
  const { t, i18n } = useTranslation();
  const me = useSignedInId();
  const query = useQuery({
    queryKey: ['threads', 'sent', 'recent', me],
    queryFn: async ({ signal }) => (await api.getPage<SentPost>(`people/${me}/posts/sent`, { query: { page: 1, limit: RECENT_POSTS }, signal })).items,
    enabled: me !== null,
    staleTime: 60_000,
  });
  // A list that cannot be had leaves the number field.
  const posts = query.isError ? [] : query.data;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (!posts) return null;
  return posts
    .filter((post) => post.status === 'published')
    .map((post) => ({ id: post.id, label: `${post.title || t('dashboardScreens.block.untitled')} · ${date.format(new Date(post.publishDate))}` }));
}

/** GET data/entities: the forms whose answers the viewer may read (their own; administrators: the school's). */
export function useRecentForms(): PickableItem[] | null {
  const { api } = useServices();
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['forms', 'list'],
    queryFn: ({ signal }) => api.get<FormSummary[]>('data/entities', { signal }),
    staleTime: 60_000,
  });
  const forms = query.isError ? [] : query.data;
  if (!forms) return null;
  return forms.map((form) => ({ id: form.id, label: form.title || t('dashboardScreens.block.untitled') }));
}
