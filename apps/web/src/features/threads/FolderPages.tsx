import { useOutlet } from 'react-router';
import type { Folder } from '@patio/core/schemas/posts';
import { FolderView } from './FolderView';

/** A folder screen, or the thread opened under it (/threads/feed/{threadId}), which then takes the page. */
function FolderScreen({ folder }: { folder: Folder }) {
  const outlet = useOutlet();
  if (outlet) return outlet;
  return <FolderView key={folder} folder={folder} />;
}

/** /inbox and /threads/feed: the feed folder. */
export function InboxPage() {
  return <FolderScreen folder="feed" />;
}

/** /archive */
export function ArchivePage() {
  return <FolderScreen folder="archive" />;
}

/** /trash */
export function TrashPage() {
  return <FolderScreen folder="trash" />;
}

/** /hidden: the inbox's threads of the post types the school hides from lists (spec §3), with its filters and actions. */
export function HiddenPage() {
  return <FolderView folder="feed" hidden />;
}
