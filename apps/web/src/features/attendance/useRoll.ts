import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { appendQuery } from '@patio/core/query';
import { ZRoll, type Roll } from '@patio/core/schemas/attendance';
import { isRefusal } from '../../app/api/ApiError';
import { useServices, useSessionState } from '../../app/services';
import { rollKey, rollStorageKey } from './attendanceKeys';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The roll this device last read of a node, if it is of `date` (one per node: the phone keeps what it needs offline). */
export function readRollSnapshot(storage: Store, key: string, date: string): Roll | undefined {
  try {
    const parsed = ZRoll.safeParse(JSON.parse(storage.getItem(key) ?? 'null'));
    return parsed.success && parsed.data.date === date ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function writeRollSnapshot(storage: Store, key: string, roll: Roll): void {
  try {
    storage.setItem(key, JSON.stringify(roll));
  } catch {
    // A full storage only loses the offline copy.
  }
}

/**
 * GET attendance/checkpoints/{nodeId}/log?date=: the roll of a node for a day. The last roll read is
 * kept on the device and shown at once (and when the network is gone, e.g. a reload in a dead zone),
 * then read again from the server.
 */
export function useRoll(nodeId: number, date: string, enabled = true) {
  const { api, storage } = useServices();
  const school = useSessionState((s) => s.school?.code ?? 'school');
  const storageKey = rollStorageKey(school, nodeId);
  const query = useQuery({
    queryKey: rollKey(nodeId, date),
    enabled,
    queryFn: ({ signal }) => api.get<Roll>(appendQuery(`attendance/checkpoints/${nodeId}/log`, { date }), { signal }),
    initialData: () => readRollSnapshot(storage, storageKey, date),
    // The copy may be old: it is shown, and read again at once.
    initialDataUpdatedAt: 0,
    // Offline, the copy is the answer; the read happens when the network is back.
    networkMode: 'online',
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
  const { data, isFetchedAfterMount, dataUpdatedAt } = query;
  useEffect(() => {
    if (data && dataUpdatedAt > 0 && isFetchedAfterMount) writeRollSnapshot(storage, storageKey, data);
  }, [data, dataUpdatedAt, isFetchedAfterMount, storage, storageKey]);
  return query;
}
