import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NativeSelect, NumberInput } from '@mantine/core';
import type { SentPost } from '@patio/core/schemas/posts';
import { useServices } from '../../app/services';
import { useSignedInId } from '../../app/session/useSignedInId';

const RECENT_POSTS = 20;
const OTHER = 'other';

export interface RecentPostSelectProps {
  /** The chosen post, 0 while none is chosen. */
  postId: number;
  error?: string;
  onChange: (postId: number) => void;
}

/** GET people/{me}/posts/sent: the viewer's latest published posts, the ones whose read rate they follow. */
function useRecentPosts() {
  const { api } = useServices();
  const me = useSignedInId();
  return useQuery({
    queryKey: ['threads', 'sent', 'recent', me],
    queryFn: async ({ signal }) => (await api.getPage<SentPost>(`people/${me}/posts/sent`, { query: { page: 1, limit: RECENT_POSTS }, signal })).items,
    enabled: me !== null,
    staleTime: 60_000,
  });
}

/**
 * A readRate block's one post: picked among the viewer's latest published posts, or given by its
 * number (an administrator following someone else's post).
 */
export function RecentPostSelect({ postId, error, onChange }: RecentPostSelectProps) {
  const { t, i18n } = useTranslation();
  const recent = (useRecentPosts().data ?? []).filter((post) => post.status === 'published');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const isRecent = recent.some((post) => post.id === postId);
  const choice = isRecent ? String(postId) : postId > 0 || recent.length === 0 ? OTHER : '';
  const data = [
    ...(choice === '' ? [{ value: '', label: t('dashboardScreens.block.choosePost') }] : []),
    ...recent.map((post) => ({ value: String(post.id), label: `${post.title || t('dashboardScreens.block.untitled')} · ${date.format(new Date(post.publishDate))}` })),
    { value: OTHER, label: t('dashboardScreens.block.otherPost') },
  ];

  return (
    <>
      <NativeSelect
        label={t('dashboardScreens.block.recentPost')}
        value={choice}
        data={data}
        error={choice === OTHER ? undefined : error}
        onChange={(event) => onChange(event.currentTarget.value === OTHER || event.currentTarget.value === '' ? 0 : Number(event.currentTarget.value))}
      />
      {choice === OTHER && (
        <NumberInput
          label={t('dashboardScreens.block.postId')}
          value={postId || ''}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          error={error}
          onChange={(value) => onChange(typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0)}
        />
      )}
    </>
  );
}
