import type { FormEntity, HtmlMedia } from '@patio/core/schemas/blocks';
import type { ApiClient } from '../app/api/apiClient';
import type { Block } from './types';

// Spec §4 Block lifecycle: a block with no url gets one on first load. The paths are the ones the
// server checks per type (contract "Blocks": files, form and html urls).

const FOLDER_DIGITS = 12;

/** Random decimal digits for a files folder name (block-{1..16 digits}); crypto, so two authors never share one. */
export function randomFolderDigits(digits = FOLDER_DIGITS): string {
  const bytes = new Uint8Array(digits);
  crypto.getRandomValues(bytes);
  // The first digit is never 0, so the name keeps its length when read back as a number.
  return Array.from(bytes, (byte, i) => (i === 0 ? 1 + (byte % 9) : byte % 10)).join('');
}

/** True for the block types that need a url of ours before they can show anything. */
export function needsCreatedUrl(block: Pick<Block, 'type' | 'url'>): boolean {
  return block.url === null && (block.type === 'files' || block.type === 'form' || block.type === 'html');
}

/** Creates what a new block points at and answers its url (files need no request: the folder exists once used). */
export async function createBlockUrl(api: ApiClient, type: Block['type'], postId: number): Promise<string> {
  switch (type) {
    case 'files':
      return `posts/${postId}/resources/files/block-${randomFolderDigits()}`;
    case 'html': {
      const media = await api.post<HtmlMedia>('media/html', { body: '' });
      return `media/html/${media.id}`;
    }
    case 'form': {
      const form = await api.post<FormEntity>('data/entities', { title: '', description: '', fields: [] });
      return `data/entities/${form.id}`;
    }
    default:
      throw new Error(`A ${type} block gets its url from its author`);
  }
}

const FILES_FOLDER = /^posts\/(\d+)\/resources\/files\/block-\d{1,16}$/;

/** The folder path of a files block of this post, or null for any other url (never sent with the token then). */
export function filesFolderOf(url: string | null, postId: number): string | null {
  const match = url ? FILES_FOLDER.exec(url) : null;
  return match && Number(match[1]) === postId ? url : null;
}

/** The id in a url of ours such as media/html/{id} or data/entities/{id}; null for anything else. */
export function idInUrl(url: string | null, prefix: 'media/html' | 'data/entities'): number | null {
  if (!url) return null;
  const match = new RegExp(`^${prefix}/(\\d{1,15})$`).exec(url);
  return match ? Number(match[1]) : null;
}
