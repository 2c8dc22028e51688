import { describe, expect, it } from 'vitest';
import { createWorkspaceStore } from './workspaceStore';
import { closeTab, MAX_WORKSPACE_TABS, moveTab, parseStoredTabs, personTabId, serializeTabs, visitTab, workspaceStorageKey, type WorkspaceTab } from './workspaceTabs';

/** A Storage of this test's own (no jsdom state shared between tests). */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const KEY = workspaceStorageKey('demo', 7);
const ids = (tabs: readonly WorkspaceTab[]) => tabs.map((tab) => tab.id);

describe('item 1: the workspace tabs', () => {
  it('item 1: a route opens its tab at the end, or focuses it where it is and remembers the last path inside it', () => {
    const store = createWorkspaceStore(memoryStorage(), KEY);
    store.visit(personTabId(12), '/person/12');
    store.visit('admin', '/admin');
    store.visit(personTabId(30), '/person/30/calendar');
    expect(ids(store.getTabs())).toEqual(['person:12', 'admin', 'person:30']);

    store.visit(personTabId(12), '/person/12/mail?folder=inbox');
    expect(ids(store.getTabs())).toEqual(['person:12', 'admin', 'person:30']);
    expect(store.getTabs()[0].path).toBe('/person/12/mail?folder=inbox');
    expect(store.getTabs()[2].path).toBe('/person/30/calendar');
  });

  it('item 1: a path outside its tab is never remembered for it (person 1 is not person 12)', () => {
    const tabs = visitTab([], personTabId(1), '/person/1');
    expect(visitTab(tabs, personTabId(1), '/person/12')).toBe(tabs);
    expect(visitTab(tabs, personTabId(1), '/highlights')).toBe(tabs);
    expect(visitTab(tabs, 'person:abc', '/person/abc')).toBe(tabs);
    expect(visitTab(tabs, 'admin', '/admin/jobs')).toHaveLength(2);
    expect(visitTab(tabs, 'admin', '/administrators')).toBe(tabs);
  });

  it('item 1: closing the tab on screen goes to its right-hand neighbour, else its left-hand one, else the highlights', () => {
    const tabs = ['/admin', '/person/1', '/person/2/calendar'].reduce<readonly WorkspaceTab[]>((all, path) => visitTab(all, path === '/admin' ? 'admin' : personTabId(path.split('/')[2]), path), []);
    expect(closeTab(tabs, 'person:1')).toMatchObject({ next: '/person/2/calendar' });
    expect(ids(closeTab(tabs, 'person:1').tabs)).toEqual(['admin', 'person:2']);
    expect(closeTab(tabs, 'person:2').next).toBe('/person/1');
    const last = closeTab(closeTab(closeTab(tabs, 'admin').tabs, 'person:1').tabs, 'person:2');
    expect(last).toEqual({ tabs: [], next: '/highlights' });
    expect(closeTab(tabs, 'person:99').tabs).toBe(tabs);
  });

  it('item 1: tabs reorder by moving one onto another’s place', () => {
    const tabs = ['admin', 'person:1', 'person:2', 'person:3'].map((id) => ({ id, path: id === 'admin' ? '/admin' : `/person/${id.slice(7)}`, title: null }));
    expect(ids(moveTab(tabs, 'admin', 'person:2'))).toEqual(['person:1', 'person:2', 'admin', 'person:3']);
    expect(ids(moveTab(tabs, 'person:3', 'person:1'))).toEqual(['admin', 'person:3', 'person:1', 'person:2']);
    expect(moveTab(tabs, 'person:3', 'person:3')).toBe(tabs);
    expect(moveTab(tabs, 'person:9', 'admin')).toBe(tabs);
  });

  it('item 1: the tabs, their order and their names survive a reload of the same account, not into another account', () => {
    const storage = memoryStorage();
    const store = createWorkspaceStore(storage, KEY);
    store.visit(personTabId(4), '/person/4');
    store.name(personTabId(4), 'Sofía Gómez');
    store.visit('admin', '/admin/dashboards');
    store.visit(personTabId(5), '/person/5');
    store.move('admin', 'person:4');
    store.close(personTabId(5));

    const reloaded = createWorkspaceStore(storage, KEY);
    expect(reloaded.getTabs()).toEqual([
      { id: 'admin', path: '/admin/dashboards', title: null },
      { id: 'person:4', path: '/person/4', title: 'Sofía Gómez' },
    ]);
    expect(createWorkspaceStore(storage, workspaceStorageKey('demo', 8)).getTabs()).toEqual([]);
    expect(createWorkspaceStore(storage, workspaceStorageKey('norte', 7)).getTabs()).toEqual([]);

    reloaded.close('admin');
    reloaded.close('person:4');
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('item 1: a name given before the tab opens shows as soon as it opens; a name never opens a tab', () => {
    const store = createWorkspaceStore(memoryStorage(), KEY);
    store.name(personTabId(8), 'Luis Pérez');
    expect(store.getTabs()).toEqual([]);
    store.visit(personTabId(8), '/person/8');
    expect(store.getTabs()[0].title).toBe('Luis Pérez');
    store.name(personTabId(8), '   ');
    expect(store.getTabs()[0].title).toBeNull();
  });

  it('item 1: bad, foreign or old stored data is ignored entry by entry, never a crash', () => {
    expect(parseStoredTabs(null)).toEqual([]);
    expect(parseStoredTabs('not json{')).toEqual([]);
    expect(parseStoredTabs('null')).toEqual([]);
    expect(parseStoredTabs('[1,2]')).toEqual([]);
    expect(parseStoredTabs(JSON.stringify({ v: 0, tabs: [{ id: 'admin', path: '/admin', title: null }] }))).toEqual([]);
    expect(parseStoredTabs(JSON.stringify({ v: 1, tabs: 'admin' }))).toEqual([]);
    const mixed = {
      v: 1,
      tabs: [
        null,
        'admin',
        { id: 'admin', path: '/admin/test', title: 42 },
        { id: 'admin', path: '/admin', title: null },
        { id: 'person:3', path: 'https://evil.example/person/3', title: 'X' },
        { id: 'person:3', path: '/person/4', title: 'X' },
        { id: 'person:0', path: '/person/0', title: 'X' },
        { id: 'person:3\u0000', path: '/person/3', title: 'X' },
        { id: 'person:3', path: '/person/3/mail', title: 'Ana\u0000 Ruiz' },
        { id: 'person:9', path: `/person/9/${'x'.repeat(5000)}`, title: 'Long' },
        { id: 'person:10', path: '/person/10', title: 'y'.repeat(1000) },
      ],
    };
    const tabs = parseStoredTabs(JSON.stringify(mixed));
    expect(ids(tabs)).toEqual(['admin', 'person:3', 'person:10']);
    expect(tabs[0]).toEqual({ id: 'admin', path: '/admin/test', title: null });
    expect(tabs[2].title).toHaveLength(200);

    // The store reads the same way, and a storage that throws leaves a working, empty workspace.
    expect(ids(createWorkspaceStore(memoryStorage({ [KEY]: JSON.stringify(mixed) }), KEY).getTabs())).toEqual(['admin', 'person:3', 'person:10']);
    const refusing = memoryStorage();
    refusing.getItem = () => {
      throw new Error('SecurityError');
    };
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const store = createWorkspaceStore(refusing, KEY);
    store.visit('admin', '/admin');
    expect(ids(store.getTabs())).toEqual(['admin']);
  });

  it('item 1: the strip keeps at most a desk’s worth of tabs: one more closes the leftmost', () => {
    let tabs: readonly WorkspaceTab[] = [];
    for (let id = 1; id <= MAX_WORKSPACE_TABS + 1; id += 1) tabs = visitTab(tabs, personTabId(id), `/person/${id}`);
    expect(tabs).toHaveLength(MAX_WORKSPACE_TABS);
    expect(tabs[0].id).toBe('person:2');
    expect(tabs.at(-1)?.id).toBe(`person:${MAX_WORKSPACE_TABS + 1}`);
    expect(parseStoredTabs(serializeTabs(tabs))).toEqual(tabs);
  });

  it('item 1: listeners hear each change, and nothing when nothing changed', () => {
    const store = createWorkspaceStore(memoryStorage(), KEY);
    let heard = 0;
    const stop = store.subscribe(() => (heard += 1));
    store.visit('admin', '/admin');
    store.visit('admin', '/admin');
    store.name('admin', null);
    expect(heard).toBe(1);
    stop();
    store.close('admin');
    expect(heard).toBe(1);
  });
});
