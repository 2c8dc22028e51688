// What the rest of the app uses of threads: the Inbox tab's unread badge and count. The screens are
// loaded by the router from their own files.
export { InboxBadge } from './InboxBadge';
export { unreadTotal, useMessageTypes } from './useThreads';
