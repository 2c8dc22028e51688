/**
 * The form of an identity document that uniqueness and matching use: letters upper-cased, accents,
 * spaces, dots, dashes and other separators dropped ("1.023.456-7", "1023 4567" and "10234567" are
 * one document). Empty when nothing is left. The stored document keeps what was typed.
 */
export function normalizeDocument(document: string): string {
  return document
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** people.document_key for a document (null when there is none or nothing is left of it). */
export function documentKeyOf(document: string | null | undefined): string | null {
  if (document === null || document === undefined) return null;
  const key = normalizeDocument(document);
  return key === '' ? null : key;
}
