import type { DirectoryEntry, PersonProfile, Settings } from '@patio/core/schemas/index';
import type { LanguageCode } from '@patio/core/i18n/index';
import { defaultLanguage, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { SESSION_SAVE_DEBOUNCE_MS } from '@patio/core/constants';
import { isUsableToken } from './token';

/** The school picked on the code screen: its GET /api/directory/{code} entry without the API address (kept in `url`). */
export type School = Pick<DirectoryEntry, 'code' | 'title' | 'logo'>;

export interface SessionState {
  /** The school's API base URL ("organisation URL", spec §2). */
  url: string | null;
  school: School | null;
  language: LanguageCode;
  token: string | null;
  /** The signed-in person as GET people/{uid} answers it (their own profile, relatives included). */
  user: PersonProfile | null;
  settings: Settings | null;
  /** A self-registered family signed in before the school approved it: it may only see its status screen. */
  registrationPending: boolean;
}

/** What survives a reload (spec §4: url, language, token; plus the school's title and logo for /login). */
type StoredSession = Pick<SessionState, 'url' | 'school' | 'language' | 'token' | 'registrationPending'>;

export const SESSION_STORAGE_KEY = 'patio.session';

export interface SessionStoreOptions {
  storage: Storage;
  saveDelayMs?: number;
  /** Seconds since the epoch, for token expiry. */
  nowSec?: () => number;
}

function readStored(storage: Storage, nowSec: number): Partial<StoredSession> {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<StoredSession>) : {};
    // spec §4 + §5: an expired or unreadable token at start means signed out.
    if (stored.token && !isUsableToken(stored.token, nowSec)) stored.token = null;
    return stored;
  } catch {
    return {};
  }
}

/** Session state with a debounced save: stored 420 ms after the last change (spec §4, §9). */
export function createSessionStore({ storage, saveDelayMs = SESSION_SAVE_DEBOUNCE_MS, nowSec }: SessionStoreOptions) {
  const stored = readStored(storage, nowSec ? nowSec() : Date.now() / 1000);
  let state: SessionState = {
    url: stored.url ?? null,
    school: stored.school ?? null,
    language: matchInterfaceLanguage(stored.language ?? defaultLanguage),
    token: stored.token ?? null,
    user: null,
    settings: null,
    // Kept across reloads so a waiting family never glimpses the app before the server refuses it.
    registrationPending: stored.registrationPending === true,
  };
  const listeners = new Set<() => void>();
  let saveTimer: ReturnType<typeof setTimeout> | null = null;

  function save(): void {
    saveTimer = null;
    const { url, school, language, token, registrationPending } = state;
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ url, school, language, token, registrationPending } satisfies StoredSession));
  }

  function scheduleSave(): void {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(save, saveDelayMs);
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Merges a change, notifies, and schedules the save. */
    update(change: Partial<SessionState>): void {
      state = { ...state, ...change };
      for (const listener of listeners) listener();
      scheduleSave();
    },
    /** Writes a pending save now (used before the page unloads). */
    flush(): void {
      if (!saveTimer) return;
      clearTimeout(saveTimer);
      save();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** A signed-in user is one with a usable access token (the person record loads right after). */
export function isSignedIn(state: SessionState, nowSec = Date.now() / 1000): boolean {
  return state.token !== null && isUsableToken(state.token, nowSec);
}
