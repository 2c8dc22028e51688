import { kindOfTab, personOfTab, type WorkspaceTabId } from './tabIds';

export { ADMIN_TAB_ID, kindOfTab, personTabId, workspaceStorageKey, type WorkspaceKind, type WorkspaceTabId } from './tabIds';

/**
 * The staff workspace's open tabs (issue 36 §1): the admin tab and person tabs, each remembering the
 * last address visited inside it. Pure functions over the list; workspaceStore.ts keeps and stores it.
 */

export interface WorkspaceTab {
  id: WorkspaceTabId;
  /** The last address (path and query) shown inside the tab: switching back returns there. */
  path: string;
  /** The name shown on the tab; kept so a reload shows it before the person loads. Null: not known yet. */
  title: string | null;
}

/** Enough for a desk full of people; opening one more closes the oldest (leftmost) other tab. */
export const MAX_WORKSPACE_TABS = 12;
/** Longer stored values are someone else's data, not ours. */
const MAX_PATH_LENGTH = 2000;
const MAX_TITLE_LENGTH = 200;

/** The address a tab opens at first, and the only addresses it may remember. */
export function homePathOf(id: WorkspaceTabId): string {
  const person = personOfTab(id);
  return person ? `/person/${person}` : '/admin';
}

/** Whether `path` lies inside the tab (its home or below it), so a stored path cannot lead elsewhere. */
export function isPathOfTab(id: WorkspaceTabId, path: string): boolean {
  const home = homePathOf(id);
  return path === home || path.startsWith(`${home}/`) || path.startsWith(`${home}?`);
}

/**
 * A route of the tab was shown at `path`: the tab opens at the end of the strip, or, when open, keeps
 * its place and remembers the path. The same list comes back when nothing changed.
 */
export function visitTab(tabs: readonly WorkspaceTab[], id: WorkspaceTabId, path: string): readonly WorkspaceTab[] {
  if (kindOfTab(id) === null || !isPathOfTab(id, path) || path.length > MAX_PATH_LENGTH) return tabs;
  const open = tabs.find((tab) => tab.id === id);
  if (open) return open.path === path ? tabs : tabs.map((tab) => (tab.id === id ? { ...tab, path } : tab));
  const kept = tabs.length >= MAX_WORKSPACE_TABS ? tabs.slice(tabs.length - MAX_WORKSPACE_TABS + 1) : tabs;
  return [...kept, { id, path, title: null }];
}

/** Names an open tab; a tab that is not open stays closed (a layout naming itself after its tab was closed). */
export function nameTab(tabs: readonly WorkspaceTab[], id: WorkspaceTabId, title: string | null): readonly WorkspaceTab[] {
  const name = title === null ? null : title.trim().slice(0, MAX_TITLE_LENGTH) || null;
  const open = tabs.find((tab) => tab.id === id);
  if (!open || open.title === name) return tabs;
  return tabs.map((tab) => (tab.id === id ? { ...tab, title: name } : tab));
}

export interface ClosedTab {
  tabs: readonly WorkspaceTab[];
  /**
   * Where to go when the closed tab was the one on screen: its right-hand neighbour's path, else its
   * left-hand one's, else the highlights when it was the last tab.
   */
  next: string;
}

export const NO_TAB_HOME = '/highlights';

/** Closes a tab. */
export function closeTab(tabs: readonly WorkspaceTab[], id: WorkspaceTabId): ClosedTab {
  const index = tabs.findIndex((tab) => tab.id === id);
  if (index < 0) return { tabs, next: NO_TAB_HOME };
  const rest = tabs.filter((tab) => tab.id !== id);
  const neighbour = rest[index] ?? rest[index - 1];
  return { tabs: rest, next: neighbour ? neighbour.path : NO_TAB_HOME };
}

/** Moves tab `id` to where tab `overId` is (drag and drop, or the keyboard), shifting those between. */
export function moveTab(tabs: readonly WorkspaceTab[], id: WorkspaceTabId, overId: WorkspaceTabId): readonly WorkspaceTab[] {
  const from = tabs.findIndex((tab) => tab.id === id);
  const to = tabs.findIndex((tab) => tab.id === overId);
  if (from < 0 || to < 0 || from === to) return tabs;
  const moved = [...tabs];
  const [tab] = moved.splice(from, 1);
  moved.splice(to, 0, tab);
  return moved;
}

const STORED_VERSION = 1;

/** What is written to the device: a version, so a later shape can ignore this one. */
export function serializeTabs(tabs: readonly WorkspaceTab[]): string {
  return JSON.stringify({ v: STORED_VERSION, tabs });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The tabs stored on the device. Anything unreadable, of another version, or not a tab of ours is
 * left out rather than trusted: a broken entry costs that tab, never the workspace.
 */
export function parseStoredTabs(raw: string | null): WorkspaceTab[] {
  if (!raw) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!isRecord(stored) || stored.v !== STORED_VERSION || !Array.isArray(stored.tabs)) return [];
  const tabs: WorkspaceTab[] = [];
  for (const entry of stored.tabs.slice(0, MAX_WORKSPACE_TABS * 2)) {
    if (!isRecord(entry)) continue;
    const { id, path, title } = entry;
    if (typeof id !== 'string' || kindOfTab(id) === null || tabs.some((tab) => tab.id === id)) continue;
    if (typeof path !== 'string' || path.length > MAX_PATH_LENGTH || !isPathOfTab(id, path)) continue;
    const name = typeof title === 'string' ? title.slice(0, MAX_TITLE_LENGTH) || null : null;
    tabs.push({ id, path, title: name });
  }
  return tabs.slice(-MAX_WORKSPACE_TABS);
}
