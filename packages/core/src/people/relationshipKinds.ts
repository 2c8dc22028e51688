// No zod here: the registration rules and the web's relationship pickers read the list without it.

/** spec §3 Relationship kinds: what a relative is to the person (`kind` of a relationship). */
export const RELATIONSHIP_KINDS = [
  'father', 'mother', 'son', 'daughter', 'brother', 'sister', 'grandfather', 'grandmother',
  'grandson', 'granddaughter', 'uncle', 'aunt', 'nephew', 'niece', 'cousin', 'stepfather',
  'stepmother', 'stepson', 'stepdaughter', 'guardian', 'representative', 'responsible', 'ward',
] as const;

/** One of the spec §3 Relationship kinds. */
export type RelationshipKindCode = (typeof RELATIONSHIP_KINDS)[number];

/** True when `kind` is one of the spec §3 Relationship kinds. */
export function isRelationshipKind(kind: unknown): kind is RelationshipKindCode {
  return typeof kind === 'string' && (RELATIONSHIP_KINDS as readonly string[]).includes(kind);
}

/** What a relative is when they are the person's child: the inverses of the parent-like kinds. */
export const CHILD_KINDS: readonly RelationshipKindCode[] = ['son', 'daughter', 'stepson', 'stepdaughter', 'ward', 'grandson', 'granddaughter'];

/** True when one of a person's relatives is their child, so GET people/{id}/children lists someone. */
export function hasChildrenAmong(relatives: readonly { kind: string }[] | undefined): boolean {
  return (relatives ?? []).some((r) => (CHILD_KINDS as readonly string[]).includes(r.kind));
}
