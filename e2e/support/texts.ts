// The journeys read labels from the same dictionaries the app uses, so a wording change cannot
// silently break them, and a missing translation shows up as a failed locator.
import { es } from '../../packages/core/src/i18n/es';
import { en } from '../../packages/core/src/i18n/en';
import { de } from '../../packages/core/src/i18n/de';
import { fr } from '../../packages/core/src/i18n/fr';
import { es as esDirectory } from '../../packages/core/src/i18n/directory/es';
import { es as esClassroom } from '../../packages/core/src/i18n/classroomScreens/es';

export const texts = { es, en, de, fr };
/** People, groups, import and registration texts (their own lazily loaded dictionary). */
export const directoryTexts = { es: esDirectory };
/** The classroom and teaching screens' texts (their own lazily loaded dictionary). */
export const classroomTexts = { es: esClassroom };

/** Fills {{placeholders}} like i18next does, for expected texts. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
