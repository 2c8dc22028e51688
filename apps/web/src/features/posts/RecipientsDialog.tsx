import { useTranslation } from 'react-i18next';
import { Button, Loader, Modal, Text } from '@mantine/core';
import { formatPersonName } from '@patio/core/people/displayName';
import { ApiError } from '../../app/api/ApiError';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PersonAvatar } from '../people';
import { useRecipients } from './useRecipients';
import classes from './posts.module.css';

export interface RecipientsDialogProps {
  postId: number;
  opened: boolean;
  onClose: () => void;
}

/** Who a post went to, "last name, first name" in name order; never who read it (decision 010). */
export function RecipientsDialog({ postId, opened, onClose }: RecipientsDialogProps) {
  const { t } = useTranslation();
  const recipients = useRecipients(postId, opened);
  const people = recipients.data?.pages.flatMap((page) => page.items) ?? [];
  const total = recipients.data?.pages[0]?.total ?? 0;

  let body;
  if (recipients.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  // 403: the author turned the setting off after this card was loaded.
  else if (recipients.error instanceof ApiError && recipients.error.status === 403) body = <Text c="gray.7">{t('postRecipients.hidden')}</Text>;
  else if (recipients.isError) body = <RefusalMessage error={recipients.error} onRetry={() => void recipients.refetch()} />;
  else if (people.length === 0) body = <Text c="gray.7">{t('postRecipients.empty')}</Text>;
  else {
    body = (
      <>
        <Text size="sm" c="gray.7">
          {t('postRecipients.total', { count: total })}
        </Text>
        <ul className={classes.recipientList}>
          {people.map((person) => (
            <li key={person.id} className={classes.recipient}>
              <PersonAvatar person={person} size={32} />
              <span className={classes.recipientName}>{formatPersonName(person) || t('postCard.unnamed')}</span>
            </li>
          ))}
        </ul>
        {recipients.hasNextPage && (
          <Button variant="default" fullWidth loading={recipients.isFetchingNextPage} onClick={() => void recipients.fetchNextPage()}>
            {t('postRecipients.loadMore')}
          </Button>
        )}
      </>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('postRecipients.title')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {body}
    </Modal>
  );
}
