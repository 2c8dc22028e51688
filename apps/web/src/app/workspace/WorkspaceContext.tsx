import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useServices, useSessionState } from '../services';
import { useSignedInId } from '../session/useSignedInId';
import { routeTabId } from './routeTab';
import { kindOfTab, workspaceStorageKey, type WorkspaceTabId } from './tabIds';
import type { createWorkspaceStore, WorkspaceStore } from './workspaceStore';
import type { WorkspaceTab } from './workspaceTabs';
import { hasWorkspace, isAdministrator } from './workspaceViewer';

export interface Workspace {
  store: WorkspaceStore;
  /** Whether the admin tab may open (administrators); person tabs open for all staff. */
  mayOpenAdmin: boolean;
}

/** The signed-in staff member's workspace; null for everyone else (families, students) and until the user loads. */
export const WorkspaceContext = createContext<Workspace | null>(null);

/** Keeps one tab list per account (school and person) on the device, for staff only. */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { storage } = useServices();
  const school = useSessionState((s) => s.school?.code ?? s.url);
  const userId = useSignedInId();
  const staff = useSessionState((s) => hasWorkspace(s.user));
  const admin = useSessionState((s) => isAdministrator(s.user));
  // The list's rules load for staff only, so a family's first screen carries none of them.
  const [create, setCreate] = useState<typeof createWorkspaceStore | null>(null);
  useEffect(() => {
    if (!staff || create) return;
    let current = true;
    void import('./workspaceStore').then((m) => current && setCreate(() => m.createWorkspaceStore));
    return () => {
      current = false;
    };
  }, [staff, create]);
  const key = school && userId !== null ? workspaceStorageKey(school, userId) : null;
  const store = useMemo(() => (key && staff && create ? create(storage, key) : null), [storage, key, staff, create]);
  const workspace = useMemo(() => (store ? { store, mayOpenAdmin: admin } : null), [store, admin]);
  return <WorkspaceContext.Provider value={workspace}>{children}</WorkspaceContext.Provider>;
}

const NO_TABS: readonly WorkspaceTab[] = [];
const noSubscription = () => () => undefined;

/** The open tabs, in their order (none outside a staff workspace). */
export function useWorkspaceTabs(): readonly WorkspaceTab[] {
  const workspace = useContext(WorkspaceContext);
  return useSyncExternalStore(workspace?.store.subscribe ?? noSubscription, () => workspace?.store.getTabs() ?? NO_TABS);
}

/** The tab of the route on screen, if it is one of the workspace's. */
export function useCurrentTabId(): WorkspaceTabId | null {
  return routeTabId(useMatches());
}

/** Opens or focuses the tab of every route that declares one, and remembers where inside it the person is. */
export function WorkspaceTracker() {
  const workspace = useContext(WorkspaceContext);
  const id = useCurrentTabId();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!workspace || !id) return;
    if (kindOfTab(id) === 'admin' && !workspace.mayOpenAdmin) return;
    workspace.store.visit(id, pathname + search);
  }, [workspace, id, pathname, search]);
  return null;
}

/**
 * A tab's layout names its tab once it knows the name (a person's first and last name); the name is
 * stored with the tab so a reload shows it at once. Outside a staff workspace it does nothing.
 */
export function useWorkspaceTabTitle(tabId: string, title: string | null): void {
  const workspace = useContext(WorkspaceContext);
  useEffect(() => {
    if (workspace && title) workspace.store.name(tabId, title);
  }, [workspace, tabId, title]);
}
