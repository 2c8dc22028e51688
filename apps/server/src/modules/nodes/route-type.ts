/**
 * A node whose type key is "route" (tests and imports add a suffix: "route-…") is a bus route. An
 * employee held on one drives it; that role reaches the route's riders and their families only.
 */
export function isRouteType(typeKey: string): boolean {
  return typeKey === 'route' || typeKey.startsWith('route-');
}
