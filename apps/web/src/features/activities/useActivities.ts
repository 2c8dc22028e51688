import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Activity, ActivityInput, ActivityRequest, ZActivityRequestCreated } from '@patio/core/schemas/activities';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { ACTIVITIES_KEY, catalogueKey, requestsKey } from './activityKeys';
import { activitiesPath, activityPath, requestPath, requestsPath } from './activityPaths';

export type RequestCreated = z.infer<typeof ZActivityRequestCreated>;

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** GET activities?term=: the term's catalogue (a family's children with eligibility and requests). */
export function useActivities(term: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: catalogueKey(term),
    queryFn: ({ signal }) => api.get<Activity[]>(activitiesPath(term), { signal }),
    retry: noRetryOnRefusal,
  });
}

/** GET activities/{id}: one activity, when the catalogue at hand does not hold it (an address opened directly). */
export function useActivity(activityId: number, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['activities', activityId],
    queryFn: ({ signal }) => api.get<Activity>(activityPath(activityId), { signal }),
    enabled: enabled && Number.isFinite(activityId),
    retry: noRetryOnRefusal,
  });
}

/** GET activities/{id}/requests (administrators, the leader): waiting ones in position order. */
export function useActivityRequests(activityId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: requestsKey(activityId),
    queryFn: ({ signal }) => api.get<ActivityRequest[]>(requestsPath(activityId), { signal }),
    retry: noRetryOnRefusal,
  });
}

/** Reads every list of the area again after a change (places left and positions move for everyone). */
function useRefreshActivities() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ACTIVITIES_KEY });
}

type RequestState = Activity['children'][number]['request'];

/** Shows a child's new request state in every loaded catalogue at once, before they are read again. */
function useSetChildRequest() {
  const client = useQueryClient();
  return (activityId: number, studentId: number, request: RequestState) =>
    client.setQueriesData<Activity[]>({ queryKey: ['activities', 'list'] }, (list) =>
      list?.map((activity) =>
        activity.id !== activityId ? activity : { ...activity, children: activity.children.map((child) => (child.student.id === studentId ? { ...child, request } : child)) },
      ),
    );
}

/** POST activities/{id}/requests {student}: `pending`, or `waiting` with a position when full. */
export function useRequestPlace() {
  const { api } = useServices();
  const refresh = useRefreshActivities();
  const setChildRequest = useSetChildRequest();
  return useMutation({
    mutationFn: ({ activityId, studentId }: { activityId: number; studentId: number }) => api.post<RequestCreated>(requestsPath(activityId), { student: studentId }),
    onSuccess: ({ id, status, position }, { activityId, studentId }) => setChildRequest(activityId, studentId, { id, status, position }),
    onSettled: refresh,
  });
}

/** DELETE activities/{id}/requests/{requestId}: the family withdraws the request (or the place). */
export function useWithdrawRequest() {
  const { api } = useServices();
  const refresh = useRefreshActivities();
  const setChildRequest = useSetChildRequest();
  return useMutation({
    mutationFn: ({ activityId, requestId }: { activityId: number; requestId: number; studentId: number }) => api.delete(requestPath(activityId, requestId)),
    onSuccess: (_, { activityId, studentId }) => setChildRequest(activityId, studentId, null),
    onSettled: refresh,
  });
}

/** POST activities/{id}/requests/{requestId}/confirm or …/decline: the family answers a place offered from the waiting list. */
export function useAnswerOffer() {
  const { api } = useServices();
  const refresh = useRefreshActivities();
  return useMutation({
    mutationFn: ({ activityId, requestId, answer }: { activityId: number; requestId: number; answer: 'confirm' | 'decline' }) => api.post(`${requestPath(activityId, requestId)}/${answer}`, {}),
    onSettled: refresh,
  });
}

/** POST activities or PUT activities/{id} (administrators). */
export function useSaveActivity() {
  const { api } = useServices();
  const refresh = useRefreshActivities();
  return useMutation({
    mutationFn: ({ activityId, input }: { activityId: number | null; input: ActivityInput }) =>
      activityId === null ? api.post<Activity>('activities', input) : api.put<Activity>(activityPath(activityId), input),
    onSuccess: refresh,
  });
}

/** DELETE activities/{id} (administrators). */
export function useDeleteActivity() {
  const { api } = useServices();
  const refresh = useRefreshActivities();
  return useMutation({
    mutationFn: (activityId: number) => api.delete(activityPath(activityId)),
    onSuccess: refresh,
  });
}

export interface DecisionFailure {
  request: ActivityRequest;
  error: unknown;
}

/**
 * PUT activities/{id}/requests/{requestId} {status} for each chosen request, one after another in the
 * order shown (so places go to the earliest requests), answering the ones that failed and why.
 */
export function useDecideRequests(activityId: number) {
  const { api } = useServices();
  const refresh = useRefreshActivities();
  return useMutation({
    mutationFn: async ({ requests, status }: { requests: readonly ActivityRequest[]; status: 'accepted' | 'rejected' }) => {
      const failures: DecisionFailure[] = [];
      for (const request of requests) {
        try {
          await api.put(requestPath(activityId, request.id), { status });
        } catch (error) {
          failures.push({ request, error });
        }
      }
      return failures;
    },
    onSettled: refresh,
  });
}
