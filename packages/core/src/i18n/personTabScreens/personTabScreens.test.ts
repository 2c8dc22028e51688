import { describe } from 'vitest';
import { itIsACompleteChunk } from '../test/itIsACompleteChunk';
import { es } from './es';
import { loadPersonTabTerms } from './index';

describe('person tab texts', () => {
  // "Dashboard" is the menu's word in every language the school uses.
  itIsACompleteChunk({ es, load: loadPersonTabTerms, copiesOfEnglishBelow: 2 });
});
