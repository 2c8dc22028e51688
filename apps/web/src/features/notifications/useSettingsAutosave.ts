import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@patio/core/schemas/notifications';
import { useServices } from '../../app/services';
import { isSavable } from './settingsModel';
import { notificationSettingsKey, notificationSettingsPath } from './useNotificationSettings';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'invalid';

/** Quick toggles in a row go out as one PUT. */
const SAVE_DELAY_MS = 400;

/**
 * Keeps the edited settings and PUTs the whole of them shortly after each change: one request at a
 * time, the newest edit always sent last, a pending one sent at once when the screen closes or the
 * page goes away, and a failed one kept on screen to try again.
 */
export function useSettingsAutosave(personId: number | null, loaded: NotificationSettings | undefined) {
  const { api } = useServices();
  const client = useQueryClient();
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<unknown>(null);
  const latest = useRef<NotificationSettings | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(false);

  const save = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (personId === null || inFlight.current) return;
    inFlight.current = true;
    // An edit made while one PUT is on its way goes in the next one, until the newest is saved.
    let settings = latest.current;
    while (settings && isSavable(settings)) {
      setStatus('saving');
      try {
        const saved = await api.put<NotificationSettings | null>(notificationSettingsPath(personId), settings);
        client.setQueryData(notificationSettingsKey(personId), saved ?? settings);
        if (latest.current === settings) {
          setStatus('saved');
          setError(null);
        }
      } catch (failure) {
        if (latest.current === settings) {
          setError(failure);
          setStatus('failed');
        }
      }
      settings = latest.current === settings ? null : latest.current;
    }
    inFlight.current = false;
  }, [api, client, personId]);

  const change = useCallback(
    (update: (settings: NotificationSettings) => NotificationSettings) => {
      const base = latest.current ?? loaded;
      if (!base) return;
      const next = update(base);
      latest.current = next;
      setDraft(next);
      clearTimeout(timer.current);
      timer.current = undefined;
      if (!isSavable(next)) {
        setStatus('invalid');
        return;
      }
      setStatus('pending');
      timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
    },
    [loaded, save],
  );

  // Never lose an edit: a waiting save goes out when the screen closes or the page is left.
  useEffect(() => {
    const flush = () => {
      if (timer.current !== undefined) void save();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [save]);

  return { settings: draft ?? loaded ?? null, status, error, change, retry: save };
}
