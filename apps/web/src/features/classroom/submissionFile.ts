import type { Submission } from '@patio/core/schemas/classroom';

/** A file of a submission (one of the student's uploads), as the API describes it. */
export type SubmissionFile = Submission['files'][number];
