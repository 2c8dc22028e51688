import { ZIdText } from '@patio/core';
import { badRequest } from '../../http/errors';

// The three kinds of folder (spec §7): a files block of a post, a person's uploads and the signed-out
// uploads. A folder is named by its API path, which is also what the files table stores.

export type Folder =
  | { kind: 'block'; path: string; postId: number }
  | { kind: 'person'; path: string; personId: number }
  | { kind: 'anon'; path: string };

/** spec §4: a files block's url ends in block-{random number}. */
const blockPattern = /^block-[0-9]{1,16}$/;

const invalidPath = () => badRequest('invalid_path', 'A file path is a files block (block-{digits}) and a file number inside it');

/** posts/{postId}/resources/files/{block}, or 400 `invalid_path` for anything but block-{1..16 digits}. */
export function blockFolder(postId: number, block: string): Folder {
  if (!blockPattern.test(block)) throw invalidPath();
  return { kind: 'block', path: `posts/${postId}/resources/files/${block}`, postId };
}

export function personFolder(personId: number): Folder {
  return { kind: 'person', path: `people/${personId}/uploads`, personId };
}

export const anonFolder: Folder = { kind: 'anon', path: 'people/anon/uploads' };

/**
 * The file id of `{endpoint}/{path}`: plain digits only. `..`, `%2e%2e` (decoded by the router to
 * `..`), `1.0` or a name answer 400 `invalid_path`, so no path ever reaches storage.
 */
export function fileIdOf(segment: string): number {
  const parsed = ZIdText.safeParse(segment);
  if (!parsed.success) throw invalidPath();
  return parsed.data;
}

/** Throws 400 `invalid_path` unless `block` names a files block. */
export function assertBlockSegment(block: string): void {
  if (!blockPattern.test(block)) throw invalidPath();
}
