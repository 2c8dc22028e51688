import { AddressedPostList } from './AddressedPostList';

/** /person/{personId}/highlights: the posts on the person's highlights board. */
export function PersonHighlightsPage() {
  return <AddressedPostList list="highlights" />;
}
