import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { audienceText } from './audienceText';
import { RecipientsDialog } from './RecipientsDialog';
import classes from './posts.module.css';

export interface PostAudienceProps {
  audienceCount: number;
  authorId: number;
  callerId: number | null;
  /** The post whose recipients may be listed; without it the text is only text. */
  postId?: number;
  /** The post's "recipients may see who else received it" setting. */
  recipientsVisible?: boolean;
}

/**
 * The spec §6 audience text. Its author, and every recipient when the post shows its recipients,
 * can open it to see who it went to (the server answers the same: GET posts/{id}/recipients).
 */
export function PostAudience({ audienceCount, authorId, callerId, postId, recipientsVisible = false }: PostAudienceProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const text = audienceText(t, { audienceCount, authorId, callerId });
  const canList = postId !== undefined && audienceCount > 0 && callerId !== null && (callerId === authorId || recipientsVisible);
  if (!canList) return <span>{text}</span>;
  return (
    <>
      <button type="button" className={classes.audienceButton} onClick={() => setOpen(true)} aria-haspopup="dialog" title={t('postRecipients.open')}>
        {text}
      </button>
      <RecipientsDialog postId={postId} opened={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
