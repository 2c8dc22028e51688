import { describe } from 'vitest';
import { itIsACompleteChunk } from '../test/itIsACompleteChunk';
import { es } from './es';
import { loadClassroomTerms } from './index';

describe('classroom and teaching texts', () => {
  // French writes "{{count}} points" as English does, and "{{grade}} / {{points}}" is the same everywhere.
  itIsACompleteChunk({ es, load: loadClassroomTerms, copiesOfEnglishBelow: 7 });
});
