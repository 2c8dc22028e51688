import { useId } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconMessageOff } from '@tabler/icons-react';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { PostCard } from '../posts';
import { ForwardLink } from './ForwardLink';
import { ReplyBox } from './ReplyBox';
import { ThreadActions } from './ThreadActions';
import { useThread } from './useThreads';
import classes from './threads.module.css';
import '../../ui/mantineStyles';

/** Where the back arrow leads when the thread was opened directly: the board or the inbox it sits under. */
function fallbackOf(pathname: string): string {
  return pathname.startsWith('/highlights') ? '/highlights' : '/inbox';
}

/** The thread screen (spec §2): its first post as a card, the replies oldest first, and the reply box. */
export function ThreadPage() {
  const { t } = useTranslation();
  const { threadId } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const goBack = useGoBack(fallbackOf(pathname));
  const me = useSignedInId();
  const id = Number(threadId);
  const thread = useThread(me, id);
  const discussionId = useId();

  let body;
  if (me === null || thread.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (thread.isError) {
    const status = thread.error instanceof ApiError ? thread.error.status : 0;
    body =
      status === 403 || status === 404 ? (
        <StatusMessage
          icon={<IconMessageOff size={36} />}
          title={t('threads.thread.unavailableTitle')}
          body={t('threads.thread.unavailableBody')}
          actions={[{ label: t('threads.thread.toInbox'), onClick: () => void navigate('/inbox') }]}
        />
      ) : (
        <RefusalMessage error={thread.error} onRetry={() => void thread.refetch()} />
      );
  } else {
    const [first, ...replies] = thread.data.posts;
    body = first ? (
      <div className={classes.thread}>
        <PostCard post={first} />
        <ForwardLink post={first} me={me} />
        <ThreadActions threadId={thread.data.id} folder={thread.data.folder} />
        <section aria-labelledby={discussionId} className={classes.discussion}>
          <h2 id={discussionId} className={classes.sectionTitle}>
            {t('threads.thread.replies', { count: replies.length })}
          </h2>
          {replies.length === 0 ? (
            <p className={classes.hint}>{t('threads.thread.noReplies')}</p>
          ) : (
            <ol className={classes.replies}>
              {replies.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} compact headingLevel={3} showTitle={post.title !== first.title} />
                </li>
              ))}
            </ol>
          )}
        </section>
        <ReplyBox thread={thread.data} first={first} />
      </div>
    ) : (
      <StatusMessage icon={<IconMessageOff size={36} />} title={t('threads.thread.unavailableTitle')} body={t('threads.thread.unavailableBody')} />
    );
  }

  return (
    <PageShell title={t('screens.thread')} onBack={goBack}>
      {body}
    </PageShell>
  );
}
