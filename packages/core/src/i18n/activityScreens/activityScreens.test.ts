import { describe } from 'vitest';
import { itIsACompleteChunk } from '../test/itIsACompleteChunk';
import { es } from './es';
import { loadActivityTerms } from './index';

describe('item 2: extracurricular activities texts', () => {
  itIsACompleteChunk({ es, load: loadActivityTerms, copiesOfEnglishBelow: 3 });
});
