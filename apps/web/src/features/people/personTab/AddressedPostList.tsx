import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { AddressedPost } from '@patio/core/schemas/personTab';
import { formatFullName } from '@patio/core/people/displayName';
import { RefusalMessage } from '../../../app/RefusalMessage';
import { usePerson } from '../usePeople';
import { ListDate, TypeLabel, usePostTypeNames } from './listPieces';
import { useAddressedPosts, type PersonPostList } from './usePersonTab';
import classes from './personTab.module.css';

/** Whether the person read the post: said only when the server tells the viewer (the post's author, administrators). */
function ReadMark({ read }: { read: boolean }) {
  const { t } = useTranslation();
  const Icon = read ? IconCircleCheck : IconCircleDashed;
  return (
    <span className={classes.readMark} data-read={read}>
      <Icon size={16} aria-hidden="true" />
      {t(read ? 'personTab.posts.read' : 'personTab.posts.unread')}
    </span>
  );
}

function AddressedRow({ post, typeNames }: { post: AddressedPost; typeNames: ReadonlyMap<string, string> | undefined }) {
  const { t } = useTranslation();
  const title = post.title.trim() || t('threads.list.untitled');
  const author = formatFullName({ ...post.author, lastName2: null }) || t('postCard.unnamed');
  // The server lists only posts the viewer may read too, so each opens its thread.
  return (
    <li className={classes.item}>
      <Link to={`/threads/feed/${post.threadId}`} className={classes.itemBody}>
        <span className={classes.itemText}>
          <span className={classes.itemTop}>
            <span>{t('personTab.posts.by', { name: author })}</span>
            <ListDate date={post.publishDate} />
          </span>
          <span className={classes.itemTitle}>{title}</span>
          {post.excerpt && <span className={classes.excerpt}>{post.excerpt}</span>}
          <span className={classes.marks}>
            <TypeLabel type={post.type} names={typeNames} />
            {post.read !== null && <ReadMark read={post.read} />}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The posts of one list addressed to the person of the tab, page by page ("Ver más"). */
export function AddressedPostList({ list }: { list: PersonPostList }) {
  const { t } = useTranslation();
  const personId = Number(useParams().personId);
  const person = usePerson(personId);
  const posts = useAddressedPosts(personId, list);
  const typeNames = usePostTypeNames();
  if (posts.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (posts.isError) return <RefusalMessage error={posts.error} onRetry={() => void posts.refetch()} resource="person" />;
  const items = posts.data.pages.flatMap((page) => page.items);
  const total = posts.data.pages[0]?.total ?? 0;
  const name = person.data ? formatFullName(person.data) : '';
  const heading = t(list === 'announcements' ? 'personTab.posts.listAnnouncements' : 'personTab.posts.listHighlights', { name });
  return (
    <section aria-labelledby="person-posts-title">
      <div className={classes.listHead}>
        <h3 className={classes.listTitle} id="person-posts-title">
          {heading}
        </h3>
        <span className={classes.muted} aria-live="polite">
          {t('personTab.posts.count', { count: total })}
        </span>
      </div>
      {items.length === 0 ? (
        <p className={classes.muted}>{t(list === 'announcements' ? 'personTab.posts.emptyAnnouncements' : 'personTab.posts.emptyHighlights')}</p>
      ) : (
        <ul className={classes.items}>
          {items.map((post) => (
            <AddressedRow key={post.postId} post={post} typeNames={typeNames} />
          ))}
        </ul>
      )}
      {posts.hasNextPage && (
        <div className={classes.more}>
          <Button variant="light" onClick={() => void posts.fetchNextPage()} loading={posts.isFetchingNextPage}>
            {t('personTab.posts.more')}
          </Button>
        </div>
      )}
    </section>
  );
}
