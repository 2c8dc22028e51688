import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { Post, Thread } from '@patio/core/schemas/posts';
import { useSignedInId } from '../../app/session/useSignedInId';
import { Notice } from '../../ui/Notice';
import { textToHtml } from '../posts';
import { describeReplyError } from './replyErrors';
import { useReply } from './useThreads';
import classes from './threads.module.css';

export interface ReplyBoxProps {
  thread: Thread;
  first: Post;
}

/** Who a reply reaches (issue 9 semantics): the author's own reply goes to every recipient. */
function useAudienceHint(thread: Thread, first: Post): string {
  const { t } = useTranslation();
  const me = useSignedInId();
  if (me === first.author.id) return t('threads.reply.toRecipients');
  if (thread.replies === 'all') return t('threads.reply.toAll');
  return t('threads.reply.toAuthor', { name: formatFullName(first.author) || t('postCard.unnamed') });
}

/**
 * The reply box of a thread, by its first post's settings: hidden with the reason when replies are
 * off, the post expired or the caller may not reply; otherwise it says who the reply reaches.
 */
export function ReplyBox({ thread, first }: ReplyBoxProps) {
  const { t } = useTranslation();
  const me = useSignedInId();
  const reply = useReply(me, thread.id);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const hintId = useId();
  const hint = useAudienceHint(thread, first);

  let closed: string | null = null;
  if (first.expired) closed = t('threads.reply.expired');
  else if (thread.replies === 'off') closed = t('threads.reply.off');
  else if (!thread.canReply) closed = t('threads.reply.notAllowed');
  if (closed) return <p className={classes.replyClosed}>{closed}</p>;

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const description = textToHtml(text);
    if (!description) return;
    setSent(false);
    reply.mutate(description, {
      onSuccess: () => {
        setText('');
        setSent(true);
      },
    });
  }

  return (
    <form className={classes.replyBox} onSubmit={handleSubmit} aria-label={t('threads.reply.title')}>
      <Textarea
        label={t('threads.reply.label')}
        placeholder={t('threads.reply.placeholder')}
        classNames={{ input: classes.replyInput }}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setSent(false);
        }}
        aria-describedby={hintId}
      />
      <p id={hintId} className={classes.hint}>
        {hint}
      </p>
      {reply.isError && <Notice tone="error">{describeReplyError(t, reply.error)}</Notice>}
      {sent && <Notice>{t('threads.reply.sent')}</Notice>}
      <div>
        <Button type="submit" loading={reply.isPending} disabled={text.trim() === ''} leftSection={<IconSend size={18} aria-hidden="true" />}>
          {t('threads.reply.send')}
        </Button>
      </div>
    </form>
  );
}
