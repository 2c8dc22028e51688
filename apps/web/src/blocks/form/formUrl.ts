/** The form a block url points at (`data/entities/{id}`, spec §7), or null for any other url. */
export function formIdOf(url: string | null | undefined): number | null {
  const match = /^\/?data\/entities\/(\d{1,15})\/?$/.exec(url ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
