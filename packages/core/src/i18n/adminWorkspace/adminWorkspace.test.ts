import { describe } from 'vitest';
import { itIsACompleteChunk } from '../test/itIsACompleteChunk';
import { es } from './es';
import { loadAdminWorkspaceTerms } from './index';

describe('item 1: the admin tab screens’ texts', () => {
  itIsACompleteChunk({ es, load: loadAdminWorkspaceTerms, copiesOfEnglishBelow: 1 });
});
