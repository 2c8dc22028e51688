import { describe } from 'vitest';
import { itIsACompleteChunk } from '../test/itIsACompleteChunk';
import { es } from './es';
import { loadAttendanceTerms } from './index';

describe('attendance texts', () => {
  itIsACompleteChunk({ es, load: loadAttendanceTerms, copiesOfEnglishBelow: 3 });
});
