import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconStarFilled } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { ThreadSummary } from '@patio/core/schemas/posts';
import { PersonAvatar } from '../people';
import { PostDate, PostTypeChip, type PostTypeLook } from '../posts';
import classes from './threads.module.css';

export interface ThreadRowProps {
  thread: ThreadSummary;
  look: PostTypeLook | undefined;
  isSelected: boolean;
  onToggle: (id: number) => void;
}

/** One thread of a folder: select box, then the latest post's author, date, the title, an excerpt and marks. */
export function ThreadRow({ thread, look, isSelected, onToggle }: ThreadRowProps) {
  const { t } = useTranslation();
  const title = thread.title.trim() || t('threads.list.untitled');
  const author = formatFullName(thread.latest.author) || t('postCard.unnamed');
  return (
    <li className={classes.row} data-unread={thread.unread || undefined} data-selected={isSelected || undefined}>
      <label className={classes.rowCheck}>
        <input type="checkbox" checked={isSelected} onChange={() => onToggle(thread.id)} aria-label={t('threads.list.select', { title })} />
      </label>
      <Link to={`/threads/feed/${thread.id}`} className={classes.rowLink}>
        <PersonAvatar person={thread.latest.author} size={40} />
        <span className={classes.rowText}>
          <span className={classes.rowTop}>
            <span className={classes.rowAuthor}>{author}</span>
            <PostDate date={thread.latest.publishDate} className={classes.rowDate} />
          </span>
          <span className={classes.rowTitle}>
            {thread.unread && (
              <>
                <span className={classes.unreadDot} aria-hidden="true" />
                <span className={classes.visuallyHidden}>{t('threads.list.unread')}: </span>
              </>
            )}
            {title}
          </span>
          {thread.latest.excerpt && <span className={classes.rowExcerpt}>{thread.latest.excerpt}</span>}
          <span className={classes.rowMarks}>
            {look && <PostTypeChip look={look} size="sm" />}
            {thread.highlight && (
              <span className={classes.highlightMark}>
                <IconStarFilled size={14} aria-hidden="true" />
                {t('threads.list.highlighted')}
              </span>
            )}
            {thread.unreadCount > 0 && (
              <span className={classes.count}>
                <span aria-hidden="true">{thread.unreadCount > 99 ? '99+' : thread.unreadCount}</span>
                <span className={classes.visuallyHidden}>{t('threads.list.unreadCount', { count: thread.unreadCount })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
