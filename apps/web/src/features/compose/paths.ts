// The compose screen's addresses, for the features that open it: plain functions with no imports, so a
// screen that only links to compose does not load compose's code (a feature's paths.ts is, besides its
// index, what other features may import).

/** The compose screen's address, writing to a person (?to=) and/or quoting a post (?quote=). */
export function composePath(options: { to?: number; quote?: number } = {}): string {
  const query = new URLSearchParams();
  if (options.to !== undefined) query.set('to', String(options.to));
  if (options.quote !== undefined) query.set('quote', String(options.quote));
  const text = query.toString();
  return text ? `/compose?${text}` : '/compose';
}

/** The compose screen in its classroom mode, writing to a group's classroom (issue 35 §4). */
export function classroomComposePath(groupId: number): string {
  return `/compose?classroom=${groupId}`;
}
