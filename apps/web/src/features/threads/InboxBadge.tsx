import { useTranslation } from 'react-i18next';
import { useSignedInId } from '../../app/session/useSignedInId';
import { unreadTotal, useMessageTypes } from './useThreads';
import classes from './inboxBadge.module.css';

/**
 * The unread threads beside the Inbox tab (the sum over GET people/{me}/threads2/types); it follows
 * every refresh of ['threads'], so a new message or a read thread changes it without a reload.
 */
export function InboxBadge() {
  const { t } = useTranslation();
  const unread = unreadTotal(useMessageTypes(useSignedInId()).data);
  if (unread === 0) return null;
  return (
    <span className={classes.badge}>
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className={classes.visuallyHidden}>{` (${t('threads.unreadBadge', { count: unread })})`}</span>
    </span>
  );
}
