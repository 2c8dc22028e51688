import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuotedPost } from '@patio/core/schemas/posts';
import { AuthorLine } from './AuthorLine';
import { PostHtml } from './PostHtml';
import classes from './posts.module.css';

/** The posts a post quotes, as small cards; each opens its own conversation (where its own quotes are). */
export function QuotedPosts({ quotes }: { quotes: QuotedPost[] }) {
  const { t } = useTranslation();
  if (quotes.length === 0) return null;
  return (
    <ul className={classes.quotes} aria-label={t('postCard.quotes')}>
      {quotes.map((quote) => (
        <li key={quote.id}>
          <blockquote className={classes.quote}>
            <AuthorLine author={quote.author} publishDate={quote.publishDate} avatarSize={28} />
            {quote.title && <p className={classes.quoteTitle}>{quote.title}</p>}
            <PostHtml html={quote.description} compact />
            <Link to={`/threads/feed/${quote.thread}`} className={classes.quoteLink}>
              {t('postCard.openQuoted')}
            </Link>
          </blockquote>
        </li>
      ))}
    </ul>
  );
}
