import { IMPORT_FIELDS, type ImportField } from '@patio/core';
import type { DictionaryLanguage } from '@patio/core/i18n/index';
import { de } from '@patio/core/i18n/directory/de';
import { en } from '@patio/core/i18n/directory/en';
import { es } from '@patio/core/i18n/directory/es';
import type { DirectoryDictionary } from '@patio/core/i18n/directory/es';
import { fr } from '@patio/core/i18n/directory/fr';
import { it } from '@patio/core/i18n/directory/it';
import { pt } from '@patio/core/i18n/directory/pt';
import { normalizeHeader } from './import.text';

// The import's texts in the six interface languages: the template's column titles are the field
// names of the screen, so a template downloaded in any language maps back column by column.

const dictionaries: Record<DictionaryLanguage, DirectoryDictionary> = { es: es as DirectoryDictionary, en, de, fr, it, pt };

/** The import section of the screen texts in one language. */
export function importTexts(lang: DictionaryLanguage): DirectoryDictionary['import'] {
  return dictionaries[lang].import;
}

/** The name of a field as the screen shows it in `lang` ("Primer apellido", "Relative’s document"). */
export function fieldLabel(field: ImportField, lang: DictionaryLanguage): string {
  return importTexts(lang).fields[field];
}

let byLabel: Map<string, ImportField> | null = null;

/** The field whose screen name, in any language, is `header` (accents, case and punctuation aside). */
export function fieldOfLabel(header: string): ImportField | null {
  if (!byLabel) {
    byLabel = new Map();
    for (const lang of Object.keys(dictionaries) as DictionaryLanguage[]) {
      for (const field of IMPORT_FIELDS) byLabel.set(normalizeHeader(fieldLabel(field, lang)), field);
    }
  }
  return byLabel.get(normalizeHeader(header)) ?? null;
}

/** The text of a code from the import's dictionary section with its {{placeholders}} filled. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
