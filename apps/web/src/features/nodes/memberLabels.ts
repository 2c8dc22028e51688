import type { TFunction } from 'i18next';
import type { NodeMembership } from '@patio/core/schemas/nodes';
import { labelOf } from '../people';

/** A member's roles in the group, in the server's order: "Director de grupo · Docente", "Estudiante (Activo)". */
export function membershipsLabel(t: TFunction, memberships: readonly NodeMembership[]): string {
  return memberships
    .map((m) => {
      const role = labelOf(t, 'roles', m.role);
      return m.enrollmentStatus ? `${role} (${labelOf(t, 'enrollment', m.enrollmentStatus)})` : role;
    })
    .join(' · ');
}
