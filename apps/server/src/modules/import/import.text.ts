// How the import compares what people typed: headers, genders, kinds and month names alike.

/** Lowercase, no accents (ß → ss, œ → oe, æ → ae), words separated by single spaces. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
