// spec §3 Relationship kinds. A row (person, relative, kind) reads "relative is the <kind> of person";
// the inverse row is derived from the person's gender so both directions always agree.

export const relationshipKinds = [
  'father', 'mother', 'son', 'daughter', 'brother', 'sister', 'grandfather', 'grandmother',
  'grandson', 'granddaughter', 'uncle', 'aunt', 'nephew', 'niece', 'cousin', 'stepfather',
  'stepmother', 'stepson', 'stepdaughter', 'guardian', 'representative', 'responsible', 'ward',
] as const;
export type RelationshipKind = (typeof relationshipKinds)[number];

type Gender = 'female' | 'male' | null;

/** Kinds that make someone a parent-like adult of the person (full profile, children lists). */
export const parentLikeKinds: readonly RelationshipKind[] = [
  'father', 'mother', 'stepfather', 'stepmother', 'grandfather', 'grandmother', 'guardian', 'representative', 'responsible',
];

// kind → [inverse when the person is male, inverse when female or unknown]
const inverses: Record<RelationshipKind, [RelationshipKind, RelationshipKind]> = {
  father: ['son', 'daughter'],
  mother: ['son', 'daughter'],
  son: ['father', 'mother'],
  daughter: ['father', 'mother'],
  brother: ['brother', 'sister'],
  sister: ['brother', 'sister'],
  grandfather: ['grandson', 'granddaughter'],
  grandmother: ['grandson', 'granddaughter'],
  grandson: ['grandfather', 'grandmother'],
  granddaughter: ['grandfather', 'grandmother'],
  uncle: ['nephew', 'niece'],
  aunt: ['nephew', 'niece'],
  nephew: ['uncle', 'aunt'],
  niece: ['uncle', 'aunt'],
  cousin: ['cousin', 'cousin'],
  stepfather: ['stepson', 'stepdaughter'],
  stepmother: ['stepson', 'stepdaughter'],
  stepson: ['stepfather', 'stepmother'],
  stepdaughter: ['stepfather', 'stepmother'],
  guardian: ['ward', 'ward'],
  representative: ['ward', 'ward'],
  responsible: ['ward', 'ward'],
  ward: ['guardian', 'guardian'],
};

/** The kind stored on the other row: what `person` is to `relative`. */
export function inverseKind(kind: RelationshipKind, personGender: Gender): RelationshipKind {
  const [male, female] = inverses[kind];
  return personGender === 'male' ? male : female;
}
