import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Roll } from '@patio/core/schemas/attendance';
import { useServices, useSessionState } from '../../app/services';
import { ATTENDANCE_KEY, queueStorageKey, rollKey } from './attendanceKeys';
import { applyMarks } from './rollModel';
import { createMarkQueue, outcomeOfError, readStoredMarks, type MarkQueue, type MarkQueueState, type QueuedMark, type SendOutcome } from './markQueue';

export interface MarkSync extends MarkQueueState {
  add(marks: QueuedMark[]): void;
  retry(): void;
  discard(): void;
  isOnline: boolean;
}

const onlineNow = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The node's queue of marks on this device: sent as one array to POST attendance/checkpoints/{nodeId}/log
 * when it is started (marks left from an earlier visit), when marks are added, when the browser says it
 * is online again, and on a backoff while it fails; the rolls are read again after each accepted batch,
 * and `onSaved` hears of it.
 */
export function useMarkQueue(nodeId: number, onSaved?: (marks: readonly QueuedMark[]) => void): MarkSync {
  const { api, storage } = useServices();
  const queryClient = useQueryClient();
  const school = useSessionState((s) => s.school?.code ?? 'school');
  const key = queueStorageKey(school, nodeId);
  const [state, setState] = useState<MarkQueueState>(() => ({ queued: readStoredMarks(storage, key), status: 'idle', error: null, lastSyncedAt: null }));
  const [isOnline, setOnline] = useState(onlineNow);
  // The latest listener, without restarting the queue when the screen passes a new one.
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });
  const queueRef = useRef<MarkQueue | null>(null);

  useEffect(() => {
    const queue = createMarkQueue({
      storage,
      key,
      send: (marks) => api.post<unknown>(`attendance/checkpoints/${nodeId}/log`, marks).then((): SendOutcome => ({ kind: 'sent' }), outcomeOfError),
      onChange: setState,
      onSent: (marks) => {
        onSavedRef.current?.(marks);
        // The roll shows what was sent until it is read again, so no mark flickers back to its old state.
        for (const date of new Set(marks.map((mark) => mark.date))) {
          queryClient.setQueryData<Roll>(rollKey(nodeId, date), (roll) => roll && applyMarks(roll, marks));
        }
        void queryClient.invalidateQueries({ queryKey: ATTENDANCE_KEY });
      },
    });
    queueRef.current = queue;
    void queue.flush();
    const online = () => {
      setOnline(true);
      void queue.retryNow();
    };
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      queue.dispose();
      queueRef.current = null;
    };
  }, [api, storage, key, nodeId, queryClient]);

  const add = useCallback((marks: QueuedMark[]) => queueRef.current?.add(marks), []);
  const retry = useCallback(() => void queueRef.current?.retryNow(), []);
  const discard = useCallback(() => queueRef.current?.discard(), []);
  return { ...state, add, retry, discard, isOnline };
}
