import type { RelationshipKind } from '../people/index';
import type { ValidRegistration } from './registration.validate';

// What a family named on the form, kept in registrations.form (JSON) until an administrator decides.
// Nothing of it exists in the school before approval (issue 6 item 1): no child, no relative, no
// relationship, no membership. Migration 007 writes the same shape for registrations of older code.

export interface StagedPerson {
  firstName: string;
  lastName: string;
  lastName2: string | null;
  document: string;
  gender: 'female' | 'male' | null;
  birthday: string | null;
}

export interface StagedForm {
  parentDocument: string | null;
  children: (StagedPerson & { course: number | null })[];
  relatives: (StagedPerson & { email: string | null; mobile: string | null; kind: RelationshipKind })[];
}

/** The staged part of a checked form (the parent's account holds the rest). */
export function stagedFormOf(form: ValidRegistration): StagedForm {
  const person = ({ firstName, lastName, lastName2, document, gender, birthday }: StagedPerson): StagedPerson => ({
    firstName, lastName, lastName2, document, gender, birthday,
  });
  return {
    parentDocument: form.parent.document,
    children: form.children.map((c) => ({ ...person(c), course: c.course })),
    relatives: form.relatives.map((r) => ({ ...person(r), email: r.email, mobile: r.mobile, kind: r.kind })),
  };
}

/** registrations.form read back; an empty form for rows that never had one (approved before staging). */
export function parseStagedForm(json: string | null): StagedForm {
  const empty: StagedForm = { parentDocument: null, children: [], relatives: [] };
  if (!json) return empty;
  try {
    const value = JSON.parse(json) as Partial<StagedForm>;
    return {
      parentDocument: value.parentDocument ?? null,
      children: Array.isArray(value.children) ? value.children : [],
      relatives: Array.isArray(value.relatives) ? value.relatives : [],
    };
  } catch {
    return empty;
  }
}
