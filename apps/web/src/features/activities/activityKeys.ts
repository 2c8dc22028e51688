// Cache keys of the activities area: everything lives under ['activities'], so a request, a decision
// or a save refreshes the catalogue, the activity and its requests in one call.

export const ACTIVITIES_KEY = ['activities'] as const;
export const catalogueKey = (term: string | null) => ['activities', 'list', term ?? 'current'] as const;
export const requestsKey = (activityId: number) => ['activities', activityId, 'requests'] as const;
