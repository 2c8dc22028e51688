import type { PersonNameInput } from '@patio/core/people/displayName';

/** A person as lists answer them: id, names, avatar and (when visible) roles. */
export interface PersonCard extends PersonNameInput {
  id: number;
  avatar?: string | null;
  roles?: string[];
  isAdmin?: boolean;
}

/** A relative of a person: who they are and what they are to the person (spec §3 Relationship kinds). */
export interface Relative extends PersonCard {
  kind: string;
}

/** A class (or grade) of a child on the children list, with the enrollment (active or pending). */
export interface ChildGroup {
  nodeId: number;
  nodeName: string;
  enrollmentStatus: string | null;
}

/** GET people/{id}/children: a child's card and their classes. */
export interface ChildCard extends PersonCard {
  groups?: ChildGroup[];
}

/** A membership of a person in a node, with its role and, for students, the enrollment (spec §3). */
export interface Membership {
  nodeId: number;
  typeKey?: string;
  nodeName: string;
  role: string;
  enrollmentStatus?: string | null;
  outcome?: string | null;
  schoolYear?: string | null;
}

/** Clinic data (spec §3 clinic labels); present only for those who may see it. */
export interface ClinicData {
  bloodType?: string | null;
  weight?: number | string | null;
  height?: number | string | null;
  medicalInsurance?: string | null;
}

/** GET people/{id}: fields the caller may not see are absent. */
export interface PersonProfile extends PersonCard {
  document?: string | null;
  gender?: 'female' | 'male' | null;
  birthday?: string | null;
  email?: string | null;
  mobile?: string | null;
  studentCode?: string | null;
  language?: string | null;
  clinic?: ClinicData | null;
  relatives?: Relative[];
  /** Memberships (the server's `groups`). */
  groups?: Membership[];
  memberships?: Membership[];
}

type RawMembership = Partial<Membership> & { node?: { id: number; name: string }; status?: string | null };

/** Reads a membership in either the flat or the nested-node shape. */
export function readMembership(raw: RawMembership): Membership {
  return {
    nodeId: raw.nodeId ?? raw.node?.id ?? 0,
    nodeName: raw.nodeName ?? raw.node?.name ?? '',
    role: raw.role ?? '',
    enrollmentStatus: raw.enrollmentStatus ?? raw.status ?? null,
    outcome: raw.outcome ?? null,
    schoolYear: raw.schoolYear ?? null,
  };
}
