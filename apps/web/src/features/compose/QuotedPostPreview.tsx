import { useTranslation } from 'react-i18next';
import { Button, Paper, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { formatPersonName } from '@patio/core/people/displayName';
import { usePost } from './usePost';
import classes from './compose.module.css';

/** The post this one quotes (?quote=), with a way to leave it out. */
export function QuotedPostPreview({ postId, onRemove }: { postId: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const post = usePost(postId);
  const title = post.data ? post.data.title.trim() || t('compose.quote.untitled') : post.isError ? t('compose.quote.unavailable') : '…';
  return (
    <Paper withBorder p="sm" className={classes.quote} aria-label={t('compose.quote.label')} component="section">
      <IconQuote size={20} aria-hidden="true" className={classes.quoteIcon} />
      <div className={classes.resultText}>
        <Text size="sm" c="gray.7">
          {t('compose.quote.label')}
        </Text>
        <Text fw={600}>{title}</Text>
        {post.data && (
          <Text size="sm" c="gray.7">
            {formatPersonName(post.data.author)}
          </Text>
        )}
      </div>
      <Button variant="subtle" size="compact-sm" onClick={onRemove}>
        {t('compose.quote.remove')}
      </Button>
    </Paper>
  );
}
