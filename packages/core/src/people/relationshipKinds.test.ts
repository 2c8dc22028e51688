import { describe, expect, it } from 'vitest';
import { ZRelationshipKind } from '../schemas/people';
import { CHILD_KINDS, hasChildrenAmong, isRelationshipKind, RELATIONSHIP_KINDS } from './relationshipKinds';

describe('relationship kinds', () => {
  it('are the kinds the API schema accepts', () => {
    expect(ZRelationshipKind.options).toEqual([...RELATIONSHIP_KINDS]);
    expect(isRelationshipKind('grandmother')).toBe(true);
    expect(isRelationshipKind('neighbour')).toBe(false);
    expect(isRelationshipKind(7)).toBe(false);
  });

  it('tell a parent (who has a son, a ward…) from someone who only has parents', () => {
    expect(CHILD_KINDS.every(isRelationshipKind)).toBe(true);
    expect(hasChildrenAmong([{ kind: 'mother' }, { kind: 'ward' }])).toBe(true);
    expect(hasChildrenAmong([{ kind: 'mother' }, { kind: 'brother' }])).toBe(false);
    expect(hasChildrenAmong(undefined)).toBe(false);
  });
});
