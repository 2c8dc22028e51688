import { useState } from 'react';
import type { PostInput } from '@patio/core/schemas/posts';
import {
  classroomProblemsOf,
  classroomPublishOf,
  defaultClassroomFields,
  kindOfPostType,
  POST_TYPE_OF_KIND,
  type ClassroomFields,
  type ClassroomPublish,
  type DueProblem,
  type PointsProblem,
} from './classroomModel';
import type { ClassroomTarget } from './classroomTarget';

export interface ClassroomPart {
  target: ClassroomTarget;
  fields: ClassroomFields;
  change: (fields: ClassroomFields) => void;
  /** Shown once a field was changed or a publish was tried. */
  problems: { due: DueProblem; points: PointsProblem };
  /** Before publishing: true when the fields may go; otherwise their problems show. */
  check: () => boolean;
  /** The fields as POST nodes/{groupId}/classroom/posts takes them. */
  publishFields: () => ClassroomPublish;
}

/**
 * The classroom fields of the compose screen (kind, due date, points). They are not part of the
 * draft: the kind files the post under its type (a task, a document, an announcement), the rest
 * travels with the publish.
 */
export function useClassroomPart(
  target: ClassroomTarget | null,
  initialPost: PostInput,
  timeZone: string,
  update: (change: (post: PostInput) => PostInput) => void,
): ClassroomPart | null {
  const [fields, setFields] = useState(() => defaultClassroomFields(kindOfPostType(initialPost.type), timeZone));
  const [isShown, setShown] = useState(false);
  if (!target) return null;
  const current = classroomProblemsOf(fields, timeZone);
  return {
    target,
    fields,
    change: (next) => {
      if (next.kind !== fields.kind) update((p) => ({ ...p, type: POST_TYPE_OF_KIND[next.kind] }));
      setFields(next);
      setShown(true);
    },
    problems: isShown ? current : { due: null, points: null },
    check: () => {
      setShown(true);
      const now = classroomProblemsOf(fields, timeZone);
      return now.due === null && now.points === null;
    },
    publishFields: () => classroomPublishOf(fields, timeZone),
  };
}
