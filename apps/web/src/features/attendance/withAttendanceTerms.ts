import { loadAttendanceTerms } from '@patio/core/i18n/attendanceScreens/index';
import { createLazyTerms } from '../../app/i18n/createLazyTerms';

// The attendance screens' texts travel in their own chunk, like the directory's.
const attendanceTerms = createLazyTerms('withAttendanceTerms', loadAttendanceTerms);

export const ensureAttendanceTerms = attendanceTerms.ensure;
export const withAttendanceTerms = attendanceTerms.withTerms;
