import type { PersonProfile } from '@patio/core/schemas/people';
import { matchInterfaceLanguage, type LanguageCode } from '@patio/core/i18n/index';
import { LOGOUT_EXIT_DELAY_MS } from '@patio/core/constants';
import type { ApiClient } from '../api/apiClient';
import { INSTALL_ID_KEY, registerDevice, unregisterDevice } from './device';
import type { School, SessionStore } from './sessionStore';
import { decodeToken, sessionIdOf } from './token';

export interface SessionDeps {
  store: SessionStore;
  api: ApiClient;
  storage: Storage;
  isNativeApp(): boolean;
  exitApp(): void;
}

/** The session rules of spec §4: authenticate, logout, reset. */
export function createSession({ store, api, storage, isNativeApp, exitApp }: SessionDeps) {
  let restoring: Promise<void> | null = null;

  async function loadUser(token: string): Promise<PersonProfile> {
    const { uid } = decodeToken(token);
    const user = await api.get<PersonProfile>(`people/${uid}`);
    if (store.getState().token === token) store.update({ user });
    return user;
  }

  return {
    /** Sets the token and the user (GET people/{uid}), then registers the device for push. */
    async authenticate(token: string): Promise<PersonProfile> {
      decodeToken(token); // throws the §8 token errors before anything is stored
      store.update({ token, user: null });
      const user = await loadUser(token);
      // The person's own language (kept on their profile) wins over the one of the sign-in screens.
      if (user.language && store.getState().token === token) store.update({ language: matchInterfaceLanguage(user.language) });
      // A failed push registration must not undo a successful sign-in.
      await registerDevice(api, user.id, storage).catch((error: unknown) => console.warn('Device registration failed', error));
      return user;
    },

    /** Loads the person of a token kept from an earlier visit (once at a time: start and the shell both ask). */
    restore(): Promise<void> {
      const { token, user } = store.getState();
      if (!token || user) return Promise.resolve();
      restoring ??= loadUser(token)
        .then(() => undefined, () => undefined)
        .finally(() => {
          restoring = null;
        });
      return restoring;
    },

    /**
     * Deletes the device, ends this sign-in on the server (its token stops working wherever a copy of it
     * lies), clears local storage and signs out; the mobile app exits after 800 ms.
     */
    async logout(): Promise<void> {
      const { user, token } = store.getState();
      if (user) await unregisterDevice(api, user.id, storage);
      const sessionId = token ? sessionIdOf(token) : null;
      if (sessionId !== null) await api.delete(`sessions/${sessionId}`).catch(() => undefined);
      const installId = storage.getItem(INSTALL_ID_KEY);
      storage.clear();
      if (installId) storage.setItem(INSTALL_ID_KEY, installId);
      store.update({ token: null, user: null, registrationPending: false });
      if (isNativeApp()) setTimeout(exitApp, LOGOUT_EXIT_DELAY_MS);
    },

    /** Forgets the school: clears url, token, user and settings (spec §4). */
    reset(): void {
      store.update({ url: null, school: null, token: null, user: null, settings: null });
    },

    /** Keeps the school found on the code screen. */
    chooseSchool(url: string, school: School): void {
      const current = store.getState();
      const sameSchool = current.url === url;
      store.update({
        url,
        school,
        settings: sameSchool ? current.settings : null,
        token: sameSchool ? current.token : null,
        user: sameSchool ? current.user : null,
      });
    },

    setLanguage(language: LanguageCode): void {
      store.update({ language });
    },

    /** Drops a token the server refused (401): the person signs in again. */
    expire(): void {
      store.update({ token: null, user: null, registrationPending: false });
    },
  };
}

export type Session = ReturnType<typeof createSession>;
