import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { Post } from '@patio/core/schemas/posts';
import { PostEventPanel } from '../calendar';
import { AuthorLine } from './AuthorLine';
import { BlocksList } from './BlocksList';
import { PostHtml } from './PostHtml';
import { PostLanguage } from './PostLanguage';
import { PostTypeChip } from './PostTypeChip';
import { QuotedPosts } from './QuotedPosts';
import { TrailHandle } from './TrailHandle';
import { TrailPanel } from './TrailPanel';
import { usePostTranslation, useReaderLanguage } from './usePostTranslation';
import { usePostTypes } from './usePostTypes';
import { useClearTrail } from './useTrail';
import classes from './posts.module.css';

export interface PostCardProps {
  post: Post;
  /** Replies in a discussion: smaller, without the type chip. */
  compact?: boolean;
  headingLevel?: 2 | 3;
  /** Where the title leads (the post's conversation), when the card stands in a list. */
  to?: string;
  /** Extra content at the foot of the card (actions of the screen that shows it). */
  footer?: ReactNode;
  /** False for a reply whose title only repeats its thread's. */
  showTitle?: boolean;
}

/**
 * Spec §2 Post card: avatar, author, date (§9), audience text (§6), type, event link, title,
 * description, the language it is written in with "Translate" (issue 33 item 9), blocks, quotes, and the
 * trail behind a three-dot handle, fetched only while open.
 */
export function PostCard({ post, compact = false, headingLevel = 2, to, footer, showTitle = true }: PostCardProps) {
  const { t } = useTranslation();
  const types = usePostTypes();
  const [isTrailOpen, setTrailOpen] = useState(false);
  const clearTrail = useClearTrail(post.id);
  const titleId = useId();
  const trailId = useId();
  const look = types?.get(post.type);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const reader = useReaderLanguage();
  const translation = usePostTranslation(post, reader);
  const text = translation.shown ?? post;
  const hasTitle = showTitle && text.title.trim() !== '';

  function handleToggleTrail(): void {
    if (isTrailOpen) clearTrail();
    setTrailOpen(!isTrailOpen);
  }

  return (
    <article className={compact ? `${classes.card} ${classes.compact}` : classes.card} aria-labelledby={hasTitle ? titleId : undefined}>
      <header className={classes.cardHeader}>
        <AuthorLine
          author={post.author}
          publishDate={post.publishDate}
          audienceCount={post.audienceCount}
          avatarSize={compact ? 32 : 42}
          postId={post.status === 'published' ? post.id : undefined}
          recipientsVisible={post.settings.recipientsVisible}
        />
        {post.replyTo !== null && <TrailHandle isOpen={isTrailOpen} panelId={trailId} onToggle={handleToggleTrail} />}
      </header>
      {(!compact || post.expired || post.event) && (
        <div className={classes.chips}>
          {!compact && look && <PostTypeChip look={look} />}
          {post.expired && <span className={classes.expired}>{t('postCard.expired')}</span>}
          {post.event && (
            <Link to="/calendar" className={classes.eventLink}>
              <IconCalendarEvent size={16} aria-hidden="true" />
              {t('postCard.event')}
            </Link>
          )}
        </div>
      )}
      {hasTitle && (
        <Heading id={titleId} lang={text.language} className={compact ? classes.titleCompact : classes.title}>
          {to ? (
            <Link to={to} className={classes.titleLink}>
              {text.title}
            </Link>
          ) : (
            text.title
          )}
        </Heading>
      )}
      <PostHtml html={text.description} lang={text.language} />
      <PostLanguage language={post.language} reader={reader} translation={translation} />
      {post.event && <PostEventPanel event={post.event} />}
      <BlocksList blocks={post.blocks} postId={post.id} />
      <QuotedPosts quotes={post.quotes} />
      {isTrailOpen && <TrailPanel postId={post.id} id={trailId} />}
      {footer && <footer className={classes.cardFooter}>{footer}</footer>}
    </article>
  );
}
