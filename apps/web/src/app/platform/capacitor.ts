// The Capacitor wrapper (apps/mobile) injects window.Capacitor; on the plain web it is absent and
// every call here is a no-op. Only the few members Patio uses are typed.

export interface ListenerHandle {
  remove(): void | Promise<void>;
}

interface CapacitorAppPlugin {
  exitApp(): Promise<void> | void;
  addListener(event: 'backButton', handler: () => void): ListenerHandle | Promise<ListenerHandle>;
}

/** What @capacitor/push-notifications reports of the system's notification permission. */
export interface NativePushPermission {
  receive: 'granted' | 'denied' | 'prompt' | 'prompt-with-rationale';
}

/** The members of @capacitor/push-notifications Patio uses (FCM on Android, APNs on iOS). */
export interface CapacitorPushPlugin {
  checkPermissions(): Promise<NativePushPermission>;
  requestPermissions(): Promise<NativePushPermission>;
  register(): Promise<void>;
  unregister?(): Promise<void>;
  addListener(event: 'registration', handler: (token: { value: string }) => void): ListenerHandle | Promise<ListenerHandle>;
  addListener(event: 'registrationError', handler: (error: unknown) => void): ListenerHandle | Promise<ListenerHandle>;
}

interface CapacitorGlobal {
  isNativePlatform?(): boolean;
  getPlatform?(): string;
  Plugins?: { App?: CapacitorAppPlugin; PushNotifications?: CapacitorPushPlugin };
}

function capacitor(): CapacitorGlobal | undefined {
  return (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
}

/** True inside the Android/iOS app. */
export function isNativeApp(): boolean {
  return capacitor()?.isNativePlatform?.() ?? false;
}

/** 'android', 'ios' or 'web'. */
export function platformName(): string {
  return isNativeApp() ? (capacitor()?.getPlatform?.() ?? 'web') : 'web';
}

/** Closes the mobile app; nothing on the web. */
export function exitApp(): void {
  if (isNativeApp()) void capacitor()?.Plugins?.App?.exitApp();
}

/** Subscribes to the hardware back button of the mobile app; returns the unsubscribe. */
export function onHardwareBack(handler: () => void): () => void {
  const app = isNativeApp() ? capacitor()?.Plugins?.App : undefined;
  if (!app) return () => {};
  const handle = Promise.resolve(app.addListener('backButton', handler));
  return () => void handle.then((h) => h.remove());
}

/** The app's push plugin; undefined on the plain web or when the app was built without it. */
export function nativePushPlugin(): CapacitorPushPlugin | undefined {
  return isNativeApp() ? capacitor()?.Plugins?.PushNotifications : undefined;
}
