import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { ThreadSummary } from '@patio/core/schemas/posts';
import { RefusalMessage } from '../../../app/RefusalMessage';
import { useSignedInId } from '../../../app/session/useSignedInId';
import { PersonAvatar } from '../PersonAvatar';
import { usePerson } from '../usePeople';
import { ListDate, TypeLabel, usePostTypeNames } from './listPieces';
import { useThreadsWith } from './usePersonTab';
import classes from './personTab.module.css';

// Compose reads ?to= as the recipient (compose/paths.ts; not imported: compose imports people).
// The inbox's own row carries selection and folder actions that belong to the inbox; here a thread
// only opens, so the row is this plainer one.
function ThreadWithRow({ thread, typeNames }: { thread: ThreadSummary; typeNames: ReadonlyMap<string, string> | undefined }) {
  const { t } = useTranslation();
  const title = thread.title.trim() || t('threads.list.untitled');
  const author = formatFullName(thread.latest.author) || t('postCard.unnamed');
  return (
    <li className={classes.item}>
      <Link to={`/threads/feed/${thread.id}`} className={classes.itemBody}>
        <PersonAvatar person={thread.latest.author} size={40} />
        <span className={classes.itemText}>
          <span className={classes.itemTop}>
            <span>{author}</span>
            <ListDate date={thread.latest.publishDate} />
          </span>
          <span className={classes.itemTitle}>
            {thread.unread && (
              <>
                <span className={classes.unreadDot} aria-hidden="true" />
                <span className={classes.visuallyHidden}>{t('personTab.mail.unread')}: </span>
              </>
            )}
            {title}
          </span>
          {thread.latest.excerpt && <span className={classes.excerpt}>{thread.latest.excerpt}</span>}
          <span className={classes.marks}>
            <TypeLabel type={thread.type} names={typeNames} />
          </span>
        </span>
      </Link>
    </li>
  );
}

/** /person/{personId}/mail: the viewer's own conversations that the person takes part in, and a way to write to them. */
export function PersonMailPage() {
  const { t } = useTranslation();
  const personId = Number(useParams().personId);
  const me = useSignedInId();
  const person = usePerson(personId);
  const threads = useThreadsWith(me, personId);
  const typeNames = usePostTypeNames();
  const name = person.data ? formatFullName(person.data) : '';

  let list;
  if (threads.isPending) list = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (threads.isError) list = <RefusalMessage error={threads.error} onRetry={() => void threads.refetch()} />;
  else {
    const items = threads.data.pages.flatMap((page) => page.items);
    list =
      items.length === 0 ? (
        <p className={classes.muted}>{t('personTab.mail.empty')}</p>
      ) : (
        <>
          <ul className={classes.items} aria-labelledby="person-mail-title">
            {items.map((thread) => (
              <ThreadWithRow key={thread.id} thread={thread} typeNames={typeNames} />
            ))}
          </ul>
          {threads.hasNextPage && (
            <div className={classes.more}>
              <Button variant="light" onClick={() => void threads.fetchNextPage()} loading={threads.isFetchingNextPage}>
                {t('personTab.posts.more')}
              </Button>
            </div>
          )}
        </>
      );
  }

  return (
    <section aria-labelledby="person-mail-title">
      <div className={classes.listHead}>
        <h3 className={classes.listTitle} id="person-mail-title">
          {t('personTab.mail.list', { name })}
        </h3>
        {me !== personId && (
          <Button component={Link} to={`/compose?to=${personId}`} leftSection={<IconPencil size={18} aria-hidden="true" />}>
            {t('personTab.mail.write')}
          </Button>
        )}
      </div>
      {list}
    </section>
  );
}
