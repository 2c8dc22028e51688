// What the rest of the app uses of threads: the Inbox tab's unread badge and count, and the unread count of
// hidden messages that More and the launcher show. The screens are loaded by the router from their own files.
export { InboxBadge } from './InboxBadge';
export { unreadTotal, useHiddenUnreadCount, useMessageTypes } from './useThreads';
