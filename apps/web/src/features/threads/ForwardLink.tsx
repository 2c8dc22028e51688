import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconShare3 } from '@tabler/icons-react';
import type { Post } from '@patio/core/schemas/posts';
import { composePath } from '../compose/paths';
import classes from './threads.module.css';

export interface ForwardLinkProps {
  post: Post;
  me: number | null;
}

/**
 * Forwarding a post: a new post of the caller's own that quotes it. Its author always may; its
 * recipients when the post's `forward` setting allows it (the server checks the same on publish).
 */
export function ForwardLink({ post, me }: ForwardLinkProps) {
  const { t } = useTranslation();
  const mayForward = me !== null && post.status === 'published' && (post.author.id === me || post.settings.forward);
  if (!mayForward) return null;
  return (
    <Button component={Link} to={composePath({ quote: post.id })} className={classes.forward} variant="light" size="sm" leftSection={<IconShare3 size={18} aria-hidden="true" />}>
      {t('forwardPost.action')}
    </Button>
  );
}
