import { describe, expect, it } from 'vitest';
import type { SchoolNode } from '@patio/core/schemas/nodes';
import { foldForSearch, searchTree } from './treeSearch';

const node = (id: number, parentId: number | null, name: string): SchoolNode => ({ id, parentId, name, typeId: 1, typeKey: 'class', position: 0, memberCount: 0 });
const tree = [node(1, null, 'Colegio'), node(2, 1, 'Primaria'), node(3, 2, 'Tercero'), node(4, 3, '3A'), node(5, 3, '3B'), node(6, 1, 'Fútbol'), node(7, 2, 'Quinto')];

describe('tree search', () => {
  it('keeps each match and the ancestors leading to it, nothing else', () => {
    const { matches, shown } = searchTree(tree, '3b');
    expect([...matches]).toEqual([5]);
    expect([...shown].sort()).toEqual([1, 2, 3, 5]);
  });

  it('ignores case, accents and extra spaces, and needs every word', () => {
    expect([...searchTree(tree, '  FUTBOL ').matches]).toEqual([6]);
    expect([...searchTree(tree, 'ter pri', (n) => `${n.name} ${n.name === 'Tercero' ? 'primaria' : ''}`).matches]).toEqual([3]);
    expect(searchTree(tree, '   ').shown.size).toBe(0);
    expect(foldForSearch('Séptimo  Año')).toBe('septimo ano');
  });

  it('keeps a match whose parent the person may not see as a branch of its own', () => {
    const { shown } = searchTree([node(4, 3, '3A'), node(5, 3, '3B')], '3a');
    expect([...shown]).toEqual([4]);
  });
});
