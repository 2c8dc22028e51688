import { lazy, Suspense } from 'react';
import { useWorkspaceTabs } from './WorkspaceContext';

// The strip and the switcher (with drag and drop) load only for staff with a tab open.
const WorkspaceBar = lazy(() => import('./WorkspaceBar').then((m) => ({ default: m.WorkspaceBar })));

/** Where the deck shows the open workspace tabs; nothing at all while none is open (and never for families). */
export function WorkspaceSlot() {
  const hasTabs = useWorkspaceTabs().length > 0;
  if (!hasTabs) return null;
  return (
    <Suspense fallback={null}>
      <WorkspaceBar />
    </Suspense>
  );
}
