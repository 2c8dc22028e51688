import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { hasChildrenAmong } from '@patio/core/people/relationshipKinds';
import type { IdCode } from '@patio/core/schemas/attendance';
import type { Child, PersonProfile } from '@patio/core/schemas/people';
import { isRefusal } from '../../app/api/ApiError';
import type { ApiClient } from '../../app/api/apiClient';
import { useServices, useSessionState } from '../../app/services';
import { hasIdCard } from './IdCard';
import { earliestExpiry, idCardStorageKey, readStoredCards, writeStoredCards, type IdCardEntry } from './idCardStore';

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** A 403 or 404 leaves that piece out (a child the school has not linked yet); the network failing fails the whole. */
const unlessRefused = <T>(request: Promise<T>): Promise<T | null> => request.catch((error: unknown) => (isRefusal(error) ? null : Promise.reject(error)));

/**
 * The cards a person may show: their own when they are a student, and each child's as
 * GET people/{id}/children lists them (issue 36 §3), each with today's code; a child whose profile or
 * code the server refuses (not linked, not approved, no longer a student) has none.
 */
async function fetchIdCards(api: ApiClient, personId: number, signal: AbortSignal): Promise<IdCardEntry[]> {
  const me = await api.get<PersonProfile>(`people/${personId}`, { signal });
  const holders: PersonProfile[] = hasIdCard(me) ? [me] : [];
  if (hasChildrenAmong(me.relatives)) {
    const children = await api.get<Child[]>(`people/${personId}/children`, { signal });
    const profiles = await Promise.all(children.map((child) => unlessRefused(api.get<PersonProfile>(`people/${child.id}`, { signal }))));
    holders.push(...profiles.filter((profile): profile is PersonProfile => profile !== null && hasIdCard(profile)));
  }
  const cards = await Promise.all(holders.map(async (person) => ({ person, code: await unlessRefused(api.get<IdCode>(`people/${person.id}/id-code`, { signal })) })));
  // The server gives codes to current students only (404 no_id_card): a withdrawn child has no card.
  return cards.filter((card) => card.code !== null);
}

/**
 * /id's cards. The last ones read are kept on the device and shown at once while their codes are good
 * for today (offline at the school gate), then read again; the codes are read again when the day they
 * are good for ends.
 */
export function useIdCards(personId: number | null) {
  const { api, storage } = useServices();
  const school = useSessionState((s) => s.school?.code ?? 'school');
  const storageKey = idCardStorageKey(school, personId ?? 0);
  const query = useQuery({
    queryKey: ['idCards', school, personId],
    enabled: personId !== null,
    queryFn: ({ signal }) => fetchIdCards(api, personId!, signal),
    initialData: () => readStoredCards(storage, storageKey, nowInSeconds()),
    // The copy may be old: it is shown, and read again at once.
    initialDataUpdatedAt: 0,
    networkMode: 'online',
    retry: (count, error) => count < 1 && !isRefusal(error),
    // A new code as the day it is good for ends (a second after, so the server is on the new day).
    refetchInterval: (q) => {
      const end = q.state.data ? earliestExpiry(q.state.data) : null;
      return end === null ? false : Math.max(1_000, (end + 1) * 1000 - Date.now());
    },
    refetchIntervalInBackground: true,
  });
  const { data, isFetchedAfterMount, dataUpdatedAt } = query;
  useEffect(() => {
    if (data && dataUpdatedAt > 0 && isFetchedAfterMount) writeStoredCards(storage, storageKey, data);
  }, [data, dataUpdatedAt, isFetchedAfterMount, storage, storageKey]);
  return query;
}
