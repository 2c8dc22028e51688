import { loadClassroomTerms } from '@patio/core/i18n/classroomScreens/index';
import { createLazyTerms } from './createLazyTerms';

// The classroom, teaching and classroom-compose texts travel in their own chunk, not with the first
// screen. Kept here rather than in features/classroom: compose wraps its classroom mode with it, and
// through the classroom's index it would pull that area's code and styles into compose's chunk.
const classroomTerms = createLazyTerms('withClassroomTerms', loadClassroomTerms);

export const ensureClassroomTerms = classroomTerms.ensure;
export const withClassroomTerms = classroomTerms.withTerms;
