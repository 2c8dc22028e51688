// Tables of migration 028-classroom-notices, merged into DB in types.ts (docs/decisions/031-classroom.md).

/** A task's due-date reminder to one student: once. */
export interface ClassroomReminderTable {
  org_id: number;
  classroom_post_id: number;
  student_id: number;
  sent_at: string;
}

/** One week's guardian summary to one relative: once. `week` is the local date it is sent on (YYYY-MM-DD). */
export interface ClassroomSummaryTable {
  org_id: number;
  person_id: number;
  week: string;
  created_at: string;
}

export interface ClassroomNoticeTables {
  classroom_reminders: ClassroomReminderTable;
  classroom_summaries: ClassroomSummaryTable;
}
