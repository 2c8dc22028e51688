import { loadDirectoryTerms } from '@patio/core/i18n/directory/index';
import { createLazyTerms } from './createLazyTerms';

// The people/groups/registration texts travel in their own chunk, not with the first screen.
const directoryTerms = createLazyTerms('withDirectoryTerms', loadDirectoryTerms);

export const ensureDirectoryTerms = directoryTerms.ensure;
export const preloadDirectoryTerms = directoryTerms.preload;
export const withDirectoryTerms = directoryTerms.withTerms;
