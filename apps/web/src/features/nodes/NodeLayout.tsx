import { useOutlet } from 'react-router';
import { NodeDetailsPage } from './NodeDetailsPage';

/** /nodes/{nodeId}: the node itself, or one of its child screens (people, nodes, import, posts). */
export function NodeLayout() {
  return useOutlet() ?? <NodeDetailsPage />;
}
