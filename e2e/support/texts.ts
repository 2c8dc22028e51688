// The journeys read labels from the same dictionaries the app uses, so a wording change cannot
// silently break them, and a missing translation shows up as a failed locator.
import { es } from '../../packages/core/src/i18n/es';
import { en } from '../../packages/core/src/i18n/en';

export const texts = { es, en };
