/**
 * Which editor session the address stands for. The first autosave of a new post writes ?draft=ID
 * into the address: that is the same session ("adopted"), not a draft to load again. Any other change
 * of ?draft (another draft, a new message) starts a new session.
 */
export interface ComposeSession {
  param: string | null;
  adopted: string | null;
  generation: number;
}

/** The session for the address's current ?draft. */
export function followParam(session: ComposeSession, param: string | null): ComposeSession {
  if (session.param === param) return session;
  const isAdoption = param !== null && param === session.adopted;
  return { param, adopted: isAdoption ? session.adopted : null, generation: isAdoption ? session.generation : session.generation + 1 };
}
