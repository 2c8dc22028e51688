// The app icon's badge and the notifications still shown follow what the inbox says is unread.
// Both APIs are recent and partial (no badge on desktop Firefox, no getNotifications without a
// service worker), so every call is optional and a failure changes nothing on screen.

type BadgeNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** Shows `count` on the installed app's icon (none at zero). */
export async function showUnreadOnBadge(count: number): Promise<void> {
  const nav = navigator as BadgeNavigator;
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // The browser refused (no permission, not installed): the in-app badge still shows the count.
  }
}

/** Closes the shown notifications whose thread `isRead` answers true for. */
export async function closeNotificationsOfReadThreads(isRead: (threadId: number) => boolean): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    for (const notification of (await registration?.getNotifications()) ?? []) {
      const thread = (notification.data as { post?: { thread?: unknown } } | null)?.post?.thread;
      if (typeof thread === 'number' && isRead(thread)) notification.close();
    }
  } catch {
    // Nothing to close.
  }
}
