import { useMemo } from 'react';
import { Link, useNavigate, useOutlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { PostCard } from '../posts';
import { useHighlights } from './useHighlights';
import classes from './highlights.module.css';
import '../../ui/mantineStyles';

/** The board itself: highlighted posts as cards, newest first. */
function HighlightsBoard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSignedInId();
  const highlights = useHighlights(me);
  const posts = useMemo(() => highlights.data?.pages.flatMap((page) => page.items) ?? [], [highlights.data]);

  if (me === null || highlights.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (highlights.isError) return <RefusalMessage error={highlights.error} onRetry={() => void highlights.refetch()} />;
  if (posts.length === 0) {
    return (
      <StatusMessage
        icon={<IconLayoutDashboard size={36} />}
        title={t('highlights.emptyTitle')}
        body={t('highlights.emptyBody')}
        actions={[{ label: t('highlights.goInbox'), onClick: () => void navigate('/inbox') }]}
      />
    );
  }
  return (
    <>
      <ul className={classes.board} aria-label={t('highlights.label')}>
        {posts.map((post) => {
          const to = `/highlights/threads/feed/${post.thread}`;
          return (
            <li key={post.id}>
              <PostCard
                post={post}
                to={to}
                footer={
                  <Link to={to} className={classes.open}>
                    {t('highlights.open')}
                  </Link>
                }
              />
            </li>
          );
        })}
      </ul>
      {highlights.hasNextPage && (
        <div className={classes.more}>
          <Button variant="default" loading={highlights.isFetchingNextPage} onClick={() => void highlights.fetchNextPage()}>
            {t('highlights.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

/** /highlights (spec §2): the board of highlighted posts; a thread opened from it (child route) takes the page. */
export function HighlightsPage() {
  const { t } = useTranslation();
  const outlet = useOutlet();
  if (outlet) return outlet;
  return (
    <PageShell title={t('screens.highlights')}>
      <HighlightsBoard />
    </PageShell>
  );
}
