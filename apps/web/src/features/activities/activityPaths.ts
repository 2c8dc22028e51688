// API paths of the activities area (issue 37 §1), relative to the school's base.

export const activitiesPath = (term: string | null) => (term ? `activities?term=${encodeURIComponent(term)}` : 'activities');
export const activityPath = (activityId: number) => `activities/${activityId}`;
export const requestsPath = (activityId: number) => `activities/${activityId}/requests`;
export const requestPath = (activityId: number, requestId: number) => `activities/${activityId}/requests/${requestId}`;
/** The roster file; `lang` is the language of its column titles. */
export const rosterPath = (activityId: number, format: 'csv' | 'xlsx', lang: string) => `activities/${activityId}/roster.csv?lang=${lang}${format === 'xlsx' ? '&format=xlsx' : ''}`;
