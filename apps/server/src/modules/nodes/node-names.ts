import { HttpError } from '../../http/errors';
import type { NodeRow } from './nodes.queries';

/**
 * Two groups under one parent may not share a name (issue 8): "3A" and "3a " would be two rows in
 * every select and nobody could tell them apart. Case and runs of spaces do not make a new name;
 * accents do ("Año" is not "Ano").
 */
export function sameNodeName(a: string, b: string): boolean {
  const fold = (name: string) => name.normalize('NFC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('und');
  return fold(a) === fold(b);
}

/** 409 `node_name_taken` when a sibling under `parentId` (other than `nodeId` itself) has the name. */
export function requireFreeName(nodes: readonly NodeRow[], parentId: number | null, name: string, nodeId?: number): void {
  const taken = nodes.some((n) => n.parent_id === parentId && n.id !== nodeId && sameNodeName(n.name, name));
  if (taken) throw new HttpError(409, 'node_name_taken', `There is already a group named "${name}" in this place`);
}
