/** The compose screen's address, writing to a person (?to=) and/or quoting a post (?quote=). */
export function composePath(options: { to?: number; quote?: number } = {}): string {
  const query = new URLSearchParams();
  if (options.to !== undefined) query.set('to', String(options.to));
  if (options.quote !== undefined) query.set('quote', String(options.quote));
  const text = query.toString();
  return text ? `/compose?${text}` : '/compose';
}
