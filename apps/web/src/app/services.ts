import { createContext, useContext, useSyncExternalStore } from 'react';
import type { i18n as I18n } from 'i18next';
import { createApiClient, type ApiClient } from './api/apiClient';
import { createSession, type Session } from './session/createSession';
import { createSessionStore, type SessionState, type SessionStore } from './session/sessionStore';
import { exitApp, isNativeApp } from './platform/capacitor';
import { setPushTokenSource } from './session/device';
import { createPushCapability } from '../features/notifications/createPushCapability';
import type { PushCapability } from '../features/notifications/pushCapability';

/** Everything screens need from the app, passed down by context so tests can build their own. */
export interface AppServices {
  store: SessionStore;
  session: Session;
  api: ApiClient;
  i18n: I18n;
  /** Push on this device (Web Push or the app's plugin): sign-in registers it, settings turn it on and off. */
  push: PushCapability;
  /** Where the session and the per-install id are kept. */
  storage: Storage;
}

export function createAppServices(i18n: I18n, storage: Storage = window.localStorage): AppServices {
  const store = createSessionStore({ storage });
  let session: Session | null = null;
  const api = createApiClient({
    getBaseUrl: () => store.getState().url,
    getToken: () => store.getState().token,
    onUnauthorized: () => session?.expire(),
    onRegistrationPending: () => store.update({ registrationPending: true }),
  });
  const push = createPushCapability(api, store, storage);
  setPushTokenSource(push);
  session = createSession({ store, api, storage, isNativeApp, exitApp });
  return { store, session, api, i18n, push, storage };
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside <AppProviders>');
  return services;
}

/** Reads one part of the session state and re-renders when it changes. */
export function useSessionState<T>(select: (state: SessionState) => T): T {
  const { store } = useServices();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
