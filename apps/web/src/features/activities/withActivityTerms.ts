import { loadActivityTerms } from '@patio/core/i18n/activityScreens/index';
import { createLazyTerms } from '../../app/i18n/createLazyTerms';

// The activities' screens (the families' catalogue and the administrators' Extraescolares) bring their
// texts with their own chunk, not with the first screen.
const activityTerms = createLazyTerms('withActivityTerms', loadActivityTerms);

export const withActivityTerms = activityTerms.withTerms;
