import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { TabStrip } from './TabStrip';
import { TabSwitcher } from './TabSwitcher';
import { useCurrentTabId, useWorkspaceTabs, WorkspaceContext } from './WorkspaceContext';
import type { WorkspaceTabId } from './workspaceTabs';
import classes from './workspace.module.css';

/**
 * The open workspace tabs: a strip above the screen on desktop, a switcher button on phones (one of
 * the two shows, by the screen's width). Its own chunk: only staff with a tab open load it.
 */
export function WorkspaceBar() {
  const workspace = useContext(WorkspaceContext);
  const tabs = useWorkspaceTabs();
  const currentId = useCurrentTabId();
  const navigate = useNavigate();
  if (!workspace || tabs.length === 0) return null;

  function close(id: WorkspaceTabId): void {
    if (!workspace) return;
    const next = workspace.store.close(id);
    // Closing a tab in the background leaves the screen as it is.
    if (id === currentId) void navigate(next);
  }

  return (
    <div className={classes.bar}>
      <TabStrip tabs={tabs} currentId={currentId} onClose={close} onMove={workspace.store.move} />
      <TabSwitcher tabs={tabs} currentId={currentId} onClose={close} />
    </div>
  );
}
