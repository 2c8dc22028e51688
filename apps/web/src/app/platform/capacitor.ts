// The Capacitor wrapper (apps/mobile) injects window.Capacitor; on the plain web it is absent and
// every call here is a no-op. Only the few members Patio uses are typed.

interface ListenerHandle {
  remove(): void | Promise<void>;
}

interface CapacitorAppPlugin {
  exitApp(): Promise<void> | void;
  addListener(event: 'backButton', handler: () => void): ListenerHandle | Promise<ListenerHandle>;
}

interface CapacitorGlobal {
  isNativePlatform?(): boolean;
  getPlatform?(): string;
  Plugins?: { App?: CapacitorAppPlugin };
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
