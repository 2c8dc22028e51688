import type { TFunction } from 'i18next';
import { labelOf } from '../people';

type Gender = 'female' | 'male' | null | undefined;

/** spec §3 kinds that have a male and a female word, with the neutral one (under `neutralKinds.`) for an unknown gender. */
const GENDERED_KINDS: readonly { male: string; female: string; neutral: string }[] = [
  { male: 'son', female: 'daughter', neutral: 'child' },
  { male: 'stepson', female: 'stepdaughter', neutral: 'stepchild' },
  { male: 'grandson', female: 'granddaughter', neutral: 'grandchild' },
  { male: 'father', female: 'mother', neutral: 'parent' },
  { male: 'stepfather', female: 'stepmother', neutral: 'stepparent' },
  { male: 'grandfather', female: 'grandmother', neutral: 'grandparent' },
  { male: 'brother', female: 'sister', neutral: 'sibling' },
  { male: 'uncle', female: 'aunt', neutral: 'uncleOrAunt' },
  { male: 'nephew', female: 'niece', neutral: 'nephewOrNiece' },
];

/**
 * What a relative is, in the word that fits their gender: the stored kind says "daughter" for a
 * child whose gender the school never recorded, so the relative's own gender decides, and the
 * neutral word ("child") stands while it is unknown. Kinds without gendered words (guardian, cousin)
 * read as stored.
 */
export function relativeKindLabel(t: TFunction, kind: string, gender: Gender): string {
  const pair = GENDERED_KINDS.find((p) => p.male === kind || p.female === kind);
  if (!pair) return labelOf(t, 'kinds', kind);
  if (gender === 'male') return labelOf(t, 'kinds', pair.male);
  if (gender === 'female') return labelOf(t, 'kinds', pair.female);
  return t(`neutralKinds.${pair.neutral}`);
}
