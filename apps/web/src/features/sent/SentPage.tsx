import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconPencil, IconSend } from '@tabler/icons-react';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { usePostTypes } from '../posts';
import { SentRow } from './SentRow';
import { useSentPosts } from './useSent';
import classes from './sent.module.css';
import '../../ui/mantineStyles';

/** /sent: the posts one has sent or scheduled, newest first, with how many have read each. */
export const SentPage = withDirectoryTerms(function SentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSignedInId();
  const sent = useSentPosts(me);
  const types = usePostTypes();
  const posts = useMemo(() => sent.data?.pages.flatMap((page) => page.items) ?? [], [sent.data]);
  const compose = (
    <Button component={Link} to="/compose" variant="white" leftSection={<IconPencil size={18} aria-hidden="true" />} size="sm">
      {t('sentPosts.compose')}
    </Button>
  );

  let body;
  if (me === null || sent.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (sent.isError) body = <RefusalMessage error={sent.error} onRetry={() => void sent.refetch()} />;
  else if (posts.length === 0) {
    body = (
      <StatusMessage
        icon={<IconSend size={36} />}
        title={t('sentPosts.emptyTitle')}
        body={t('sentPosts.emptyBody')}
        actions={[{ label: t('sentPosts.compose'), onClick: () => void navigate('/compose') }]}
      />
    );
  } else {
    body = (
      <>
        <ul className={classes.list} aria-label={t('sentPosts.listLabel')}>
          {posts.map((post) => (
            <SentRow key={post.id} post={post} look={types?.get(post.type)} />
          ))}
        </ul>
        {sent.hasNextPage && (
          <Button variant="default" fullWidth mt="md" loading={sent.isFetchingNextPage} onClick={() => void sent.fetchNextPage()}>
            {t('sentPosts.loadMore')}
          </Button>
        )}
      </>
    );
  }

  return (
    <PageShell title={t('screens.sent')} actions={compose}>
      {body}
    </PageShell>
  );
});
