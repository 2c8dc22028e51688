import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader, Text } from '@mantine/core';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { ZIdText } from '@patio/core/schemas/ids';
import type { Published } from '@patio/core/schemas/posts';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PageShell } from '../../ui/PageShell';
import { usePost } from '../compose';
import { PostCard } from '../posts';
import { PublishedNotice } from './PublishedNotice';
import { ReadReceipts } from './ReadReceipts';
import classes from './sent.module.css';
import '../../ui/mantineStyles';

/** /sent/{postId}: a sent post and, per recipient, whether they read it (author and administrators). */
export const SentPostPage = withDirectoryTerms(function SentPostPage() {
  const { t, i18n } = useTranslation();
  const goBack = useGoBack('/sent');
  const parsed = ZIdText.safeParse(useParams().postId ?? '');
  const postId = parsed.success ? parsed.data : null;
  const post = usePost(postId);
  const published = (useLocation().state as { published?: Published } | null)?.published;

  let body;
  if (postId === null) body = <RefusalMessage error={new ApiError(404, null, 'sent')} />;
  else if (post.isError) body = <RefusalMessage error={post.error} onRetry={() => void post.refetch()} />;
  else if (!post.data) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else {
    body = (
      <div className={classes.page}>
        <PostCard post={post.data} to={`/threads/feed/${post.data.thread}`} />
        {post.data.status === 'scheduled' ? (
          <Text className={classes.summary}>{t('sentPosts.notYetDelivered', { date: formatDateTime(post.data.publishDate, i18n.language, { dateStyle: 'medium' }) })}</Text>
        ) : (
          <ReadReceipts postId={postId} />
        )}
      </div>
    );
  }

  return (
    <PageShell title={t('screens.sentPost')} onBack={goBack}>
      {published !== undefined && published.id === postId && (
        <div className={classes.notice}>
          <PublishedNotice published={published} />
        </div>
      )}
      {body}
    </PageShell>
  );
});
