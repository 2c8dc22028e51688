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

/** A fix of @capacitor-community/background-geolocation (`time` in epoch ms; null where the phone has none). */
export interface NativeLocation {
  latitude: number;
  longitude: number;
  accuracy: number;
  altitude: number | null;
  altitudeAccuracy: number | null;
  simulated: boolean;
  bearing: number | null;
  speed: number | null;
  time: number | null;
}

/** Its errors: `code` 'NOT_AUTHORIZED' when location is refused or switched off; other failures carry only a message. */
export interface NativeLocationError {
  code?: string;
  message?: string;
}

/** Its watcher options: a `backgroundMessage` keeps the watcher on in the background (Android shows it in a notification). */
export interface NativeWatcherOptions {
  backgroundMessage?: string;
  backgroundTitle?: string;
  requestPermissions?: boolean;
  stale?: boolean;
  distanceFilter?: number;
}

/** The members of @capacitor-community/background-geolocation Patio uses. */
export interface CapacitorBackgroundGeolocationPlugin {
  addWatcher(options: NativeWatcherOptions, callback: (location?: NativeLocation, error?: NativeLocationError) => void): Promise<string>;
  removeWatcher(options: { id: string }): Promise<void>;
  openSettings(): Promise<void>;
}

interface CapacitorGlobal {
  isNativePlatform?(): boolean;
  getPlatform?(): string;
  Plugins?: { App?: CapacitorAppPlugin; PushNotifications?: CapacitorPushPlugin; BackgroundGeolocation?: CapacitorBackgroundGeolocationPlugin };
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

/** The app's background location plugin; undefined on the plain web or when the app was built without it. */
export function nativeBackgroundGeolocation(): CapacitorBackgroundGeolocationPlugin | undefined {
  return isNativeApp() ? capacitor()?.Plugins?.BackgroundGeolocation : undefined;
}
