import { useOutlet } from 'react-router';
import { NodeDetailsPage } from './NodeDetailsPage';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

/** /nodes/{nodeId}: the node itself, or one of its child screens (people, nodes, import, posts). */
export const NodeLayout = withDirectoryTerms(function NodeLayout() {
  return useOutlet() ?? <NodeDetailsPage />;
});
