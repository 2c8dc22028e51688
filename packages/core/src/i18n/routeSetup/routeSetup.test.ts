import { describe } from 'vitest';
import { itIsACompleteChunk } from '../test/itIsACompleteChunk';
import { es } from './es';
import { loadRouteSetupTerms } from './index';

describe('route setup texts', () => {
  // "{{number}}. {{name}}" (a stop marker) reads the same in every language; sentences never do.
  itIsACompleteChunk({ es, load: loadRouteSetupTerms, copiesOfEnglishBelow: 2 });
});
