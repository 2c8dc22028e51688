import type { Generated } from 'kysely';

// Tables of migration 026-classroom, merged into DB in types.ts (docs/decisions/031-classroom.md).

export interface ClassroomPostTable {
  org_id: number;
  id: Generated<number>;
  post_id: number;
  node_id: number;
  /** ClassroomKind of @patio/core: task, material, announcement. */
  kind: string;
  /** A task's due date (UTC ISO instant), or null. */
  due_date: string | null;
  points: number | null;
  created_at: string;
}

export interface ClassroomSubmissionTable {
  org_id: number;
  id: Generated<number>;
  classroom_post_id: number;
  student_id: number;
  /** SubmissionStatus of @patio/core as stored: assigned, turned_in, late, returned (missing is computed). */
  status: string;
  text: Generated<string>;
  /** JSON array of file ids (the student's uploads). */
  files: Generated<string>;
  grade: number | null;
  feedback: Generated<string>;
  turned_in_at: string | null;
  returned_at: string | null;
  updated_at: string;
}

export interface ClassroomSubmissionChangeTable {
  org_id: number;
  id: Generated<number>;
  submission_id: number;
  /** saved, turned_in, unsubmitted, graded, returned. */
  action: string;
  status: string;
  grade: number | null;
  changed_by: number | null;
  created_at: string;
}

export interface ClassroomTables {
  classroom_posts: ClassroomPostTable;
  classroom_submissions: ClassroomSubmissionTable;
  classroom_submission_changes: ClassroomSubmissionChangeTable;
}
