import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatFullName } from '@patio/core/people/displayName';
import type { PostAuthor } from '@patio/core/schemas/posts';
import { useSignedInId } from '../../app/session/useSignedInId';
import { PersonAvatar } from '../people';
import { PostAudience } from './PostAudience';
import { PostDate } from './PostDate';
import classes from './posts.module.css';

export interface AuthorLineProps {
  author: PostAuthor;
  publishDate: string;
  /** With the audience, the line also says who the post went to (spec §6). */
  audienceCount?: number;
  avatarSize?: number;
  /** The post, so that its audience text can list its recipients to those allowed to see them. */
  postId?: number;
  recipientsVisible?: boolean;
}

/** Who wrote a post, when, and to whom: avatar, "first last" name, the §9 date and the §6 audience text. */
export function AuthorLine({ author, publishDate, audienceCount, avatarSize = 42, postId, recipientsVisible }: AuthorLineProps) {
  const { t } = useTranslation();
  const callerId = useSignedInId();
  const name = formatFullName(author) || t('postCard.unnamed');
  return (
    <div className={classes.authorLine}>
      <PersonAvatar person={author} size={avatarSize} />
      <div className={classes.authorText}>
        {/* Issue 36 §1: opening a person from a message opens their tab (for staff; others see the profile). */}
        <Link to={`/person/${author.id}`} className={classes.authorName}>
          {name}
        </Link>
        <span className={classes.authorMeta}>
          <PostDate date={publishDate} />
          {audienceCount !== undefined && (
            <>
              <span aria-hidden="true"> · </span>
              <PostAudience audienceCount={audienceCount} authorId={author.id} callerId={callerId} postId={postId} recipientsVisible={recipientsVisible} />
            </>
          )}
        </span>
      </div>
    </div>
  );
}
