import type { TFunction } from 'i18next';
import { formatBytes } from '@patio/core/format/bytes';
import { UPLOAD_MAX_BYTES } from '@patio/core/constants';
import { MAX_SUBMISSION_FILES } from '@patio/core/schemas/classroom';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';

/** The server's codes a turn-in or an upload may answer that the screen words itself (classroom.errors.*). */
const KNOWN = ['invalid_files', 'not_a_task', 'not_a_student', 'file_too_large', 'invalid_request', 'missing_file'] as const;

/** Thrown before anything is sent: a file the server would refuse for its size. */
export class FileTooLarge extends Error {
  constructor(readonly fileName: string) {
    super(`${fileName} is over the upload limit`);
    this.name = 'FileTooLarge';
  }
}

/** Thrown before anything is sent: more files than a submission holds. */
export class TooManyFiles extends Error {
  constructor() {
    super(`A submission holds at most ${MAX_SUBMISSION_FILES} files`);
    this.name = 'TooManyFiles';
  }
}

/** A translated sentence for a failed save, turn-in or upload. */
export function submissionErrorText(t: TFunction, error: unknown, language: string): string {
  const size = formatBytes(UPLOAD_MAX_BYTES, language);
  if (error instanceof TooManyFiles) return t('classroom.errors.too_many_files', { count: MAX_SUBMISSION_FILES });
  if (error instanceof FileTooLarge) return t('classroom.errors.file_too_large', { size });
  if (!(error instanceof ApiError)) return describeError(t, error);
  const code = error.code;
  if (code && (KNOWN as readonly string[]).includes(code)) return t(`classroom.errors.${code}`, { size });
  if (error.status === 413) return t('classroom.errors.file_too_large', { size });
  if (error.status === 403) return t('classroom.errors.forbidden');
  if (error.status === 404) return t('classroom.errors.not_found');
  return describeError(t, error);
}
