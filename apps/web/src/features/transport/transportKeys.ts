// Cache keys of the transport area: a route, its log and the caller's alert live under the route's
// key, so a live event that refetches the route can refresh what depends on it in one call.

export const TRANSPORT_KEY = ['transport'] as const;
export const routesKey = () => ['transport', 'routes'] as const;
export const routeKey = (routeId: number) => ['transport', 'routes', routeId] as const;
export const routeLogKey = (routeId: number) => ['transport', 'routes', routeId, 'log'] as const;
export const routeAlertKey = (routeId: number) => ['transport', 'routes', routeId, 'alert'] as const;
