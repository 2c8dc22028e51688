import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { formatFullName } from '@patio/core/people/displayName';
import { PostDate } from './PostDate';
import { PostHtml } from './PostHtml';
import { useTrail } from './useTrail';
import classes from './posts.module.css';

export interface TrailPanelProps {
  postId: number;
  id: string;
}

/**
 * Spec §2 Post trail view: each earlier post with its author's first and last name, date and
 * description, then the one it replied to, and so on back to where the conversation started.
 */
export function TrailPanel({ postId, id }: TrailPanelProps) {
  const { t } = useTranslation();
  const trail = useTrail(postId, true);
  // The trail may start with the post itself, which its card already shows.
  const entries = (trail.data ?? []).filter((entry) => entry.id !== postId);

  let body;
  if (trail.isPending) body = <Loader role="status" size="xs" aria-label={t('postCard.trail.loading')} />;
  else if (trail.isError) body = <p className={classes.muted}>{t('postCard.trail.error')}</p>;
  else if (entries.length === 0) body = <p className={classes.muted}>{t('postCard.trail.empty')}</p>;
  else {
    body = (
      <ol className={classes.trailList}>
        {entries.map((entry, index) => (
          <li key={entry.id} className={classes.trailEntry}>
            <p className={classes.trailHead}>
              {index > 0 && <span className={classes.trailReplyTo}>{t('postCard.trail.inReplyTo')} </span>}
              <span className={classes.authorName}>{formatFullName(entry.author) || t('postCard.unnamed')}</span>
              <span aria-hidden="true"> · </span>
              <PostDate date={entry.publishDate} className={classes.authorMeta} />
            </p>
            <PostHtml html={entry.description} compact />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section id={id} className={classes.trail} aria-label={t('postCard.trail.title')}>
      <h3 className={classes.trailTitle}>{t('postCard.trail.title')}</h3>
      {body}
    </section>
  );
}
