import { describe } from 'vitest';
import { itIsACompleteChunk } from '../test/itIsACompleteChunk';
import { es } from './es';
import { loadDashboardTerms } from './index';

describe('dashboard screens texts', () => {
  // "Dashboards", "Total" and the like read the same in several languages.
  itIsACompleteChunk({ es, load: loadDashboardTerms, copiesOfEnglishBelow: 4 });
});
