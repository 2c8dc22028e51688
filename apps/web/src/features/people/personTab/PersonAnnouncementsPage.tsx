import { AddressedPostList } from './AddressedPostList';

/** /person/{personId}/announcements: every post of a type other than a private message that reached the person. */
export function PersonAnnouncementsPage() {
  return <AddressedPostList list="announcements" />;
}
