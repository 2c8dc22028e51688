import { loadPersonTabTerms } from '@patio/core/i18n/personTabScreens/index';
import { createLazyTerms } from './createLazyTerms';

// The texts of a person's tab in the staff workspace travel in their own chunk, not with the first screen.
const personTabTerms = createLazyTerms('withPersonTabTerms', loadPersonTabTerms);

export const ensurePersonTabTerms = personTabTerms.ensure;
export const withPersonTabTerms = personTabTerms.withTerms;
