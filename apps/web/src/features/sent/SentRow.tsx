import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Progress } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { formatDateTime } from '@patio/core/format/dateTimes';
import type { SentPost } from '@patio/core/schemas/posts';
import { PostDate, PostTypeChip, type PostTypeLook } from '../posts';
import classes from './sent.module.css';

export interface SentRowProps {
  post: SentPost;
  look: PostTypeLook | undefined;
}

/** One sent post: type, title, date, and who read it ("read by 3 of 25") or when it goes out. */
export function SentRow({ post, look }: SentRowProps) {
  const { t, i18n } = useTranslation();
  const title = post.title.trim() || t('sentPosts.untitled');
  const share = post.audienceCount > 0 ? Math.round((post.readCount / post.audienceCount) * 100) : 0;
  return (
    <li>
      <Link to={`/sent/${post.id}`} className={classes.row}>
        <span className={classes.rowTop}>
          {look && <PostTypeChip look={look} size="sm" />}
          {post.status === 'scheduled' ? (
            <span className={classes.scheduled}>
              <IconClock size={14} aria-hidden="true" />
              {t('sentPosts.scheduledFor', { date: formatDateTime(post.publishDate, i18n.language, { dateStyle: 'medium' }) })}
            </span>
          ) : (
            <PostDate date={post.publishDate} className={classes.date} />
          )}
        </span>
        <span className={classes.title}>{title}</span>
        {post.excerpt && <span className={classes.excerpt}>{post.excerpt}</span>}
        {post.status === 'published' && (
          <span className={classes.receipts}>
            <span>{t('sentPosts.readBy', { read: post.readCount, count: post.audienceCount })}</span>
            <Progress value={share} size="sm" aria-hidden="true" className={classes.progress} />
          </span>
        )}
        {post.status === 'scheduled' && <span className={classes.receipts}>{t('sentPosts.willReach', { count: post.audienceCount })}</span>}
      </Link>
    </li>
  );
}
