// The tab ids, in the always-loaded shell; the list's rules (workspaceTabs.ts) load with the store, for staff only.

/** `admin`, or `person:{personId}`. */
export type WorkspaceTabId = string;

export type WorkspaceKind = 'admin' | 'person';

export const ADMIN_TAB_ID = 'admin';

const PERSON_TAB = /^person:([1-9]\d{0,15})$/;

/** The id of a person's tab. */
export function personTabId(personId: number | string): WorkspaceTabId {
  return `person:${personId}`;
}

/** The person a person tab is about, or null for another id. */
export function personOfTab(id: WorkspaceTabId): string | null {
  return PERSON_TAB.exec(id)?.[1] ?? null;
}

/** The kind of a tab id, or null for an id no tab has. */
export function kindOfTab(id: string): WorkspaceKind | null {
  if (id === ADMIN_TAB_ID) return 'admin';
  return personOfTab(id) === null ? null : 'person';
}

/** One list per account on the device: the school's code and the person's id. */
export function workspaceStorageKey(school: string, userId: number): string {
  return `patio.workspace.${school}.${userId}`;
}
