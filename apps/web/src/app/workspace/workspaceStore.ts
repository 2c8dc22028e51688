import { closeTab, moveTab, nameTab, parseStoredTabs, serializeTabs, visitTab, type WorkspaceTab, type WorkspaceTabId } from './workspaceTabs';

/** The open tabs of one account on this device, read from and written to `storage` under `key`. */
export interface WorkspaceStore {
  getTabs(): readonly WorkspaceTab[];
  subscribe(listener: () => void): () => void;
  /** A route of the tab was shown at `path`: opens or focuses it and remembers the path. */
  visit(id: WorkspaceTabId, path: string): void;
  name(id: WorkspaceTabId, title: string | null): void;
  /** Closes the tab and answers where to go if it was on screen. */
  close(id: WorkspaceTabId): string;
  move(id: WorkspaceTabId, overId: WorkspaceTabId): void;
}

export function createWorkspaceStore(storage: Storage, key: string): WorkspaceStore {
  let tabs: readonly WorkspaceTab[] = [];
  try {
    tabs = parseStoredTabs(storage.getItem(key));
  } catch {
    // Storage the browser refuses (private mode, blocked cookies): the tabs live for this visit only.
  }
  const listeners = new Set<() => void>();
  // Names given while a tab was closed (a layout naming itself first): a tab that opens later shows it at once.
  const knownTitles = new Map<WorkspaceTabId, string | null>(tabs.map((tab) => [tab.id, tab.title]));

  function set(next: readonly WorkspaceTab[]): void {
    if (next === tabs) return;
    tabs = next;
    try {
      if (tabs.length === 0) storage.removeItem(key);
      else storage.setItem(key, serializeTabs(tabs));
    } catch {
      // A full or refused storage loses the tabs at the next reload, not now.
    }
    for (const listener of listeners) listener();
  }

  return {
    getTabs: () => tabs,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    visit(id, path) {
      const opened = visitTab(tabs, id, path);
      const title = knownTitles.get(id);
      set(title && opened.length > tabs.length ? nameTab(opened, id, title) : opened);
    },
    name(id, title) {
      knownTitles.set(id, title);
      set(nameTab(tabs, id, title));
    },
    close(id) {
      const closed = closeTab(tabs, id);
      set(closed.tabs);
      return closed.next;
    },
    move: (id, overId) => set(moveTab(tabs, id, overId)),
  };
}
