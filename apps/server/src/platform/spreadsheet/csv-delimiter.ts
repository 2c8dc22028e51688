import type { CsvDelimiter } from '../export/csv';

// The CSV delimiter a spreadsheet in a given language expects (issue 34 §3). Excel and LibreOffice
// split CSV on the list separator of the system's locale, which is ';' wherever the decimal separator
// is a comma (Spanish, German, French, Italian, Portuguese) and ',' where it is a point (English).
// Intl knows each language's decimal separator, so a new language needs no entry here.

const cache = new Map<string, string>();

/** The decimal separator of `language` ("," for es-CO, de, fr, it, pt; "." for en). */
export function decimalSeparatorFor(language: string): string {
  let separator = cache.get(language);
  if (separator === undefined) {
    const parts = new Intl.NumberFormat(language).formatToParts(1.5);
    separator = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    cache.set(language, separator);
  }
  return separator;
}

/** ';' where the decimal separator is a comma, ',' elsewhere. */
export function csvDelimiterFor(language: string): CsvDelimiter {
  return decimalSeparatorFor(language) === ',' ? ';' : ',';
}

/** An explicit `delimiter=comma|semicolon` of a request, else the language's. */
export function pickCsvDelimiter(language: string, requested?: 'comma' | 'semicolon'): CsvDelimiter {
  if (requested) return requested === 'comma' ? ',' : ';';
  return csvDelimiterFor(language);
}
