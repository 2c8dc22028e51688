// What screens of a workspace tab use; the strip and the switcher stay in their own lazy chunk.
export { useWorkspaceTabTitle } from './WorkspaceContext';
export { personTabId, ADMIN_TAB_ID } from './tabIds';
