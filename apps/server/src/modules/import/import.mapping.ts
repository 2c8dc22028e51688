import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '@patio/core';

// Header guessing for Spanish and English sheets: "Nombre del estudiante", "Apellidos",
// "Documento acudiente", "Correo madre", "Parentesco", "Date of birth", "Parent email"…

/** Lowercase, no accents, words separated by single spaces. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const relativeWords = ['acudiente', 'acudientes', 'padre', 'madre', 'tutor', 'responsable', 'representante', 'familiar', 'parent', 'guardian', 'father', 'mother', 'relative'];
const noiseWords = ['del', 'de', 'la', 'el', 'los', 'of', 'the', 'estudiante', 'alumno', 'alumna', 'student', 'nino', 'child', 'y', 'and', 'no', 'num', 'numero', 'number', 'nro'];

// Base field (without the relative prefix) → header phrases, compared after removing noise words.
const synonyms: [string, string[]][] = [
  ['lastName2', ['segundo apellido', 'apellido 2', 'apellido2', 'second last name', 'last name 2', 'lastname2', 'second surname']],
  ['lastName', ['apellido', 'apellidos', 'primer apellido', 'last name', 'lastname', 'surname', 'family name', 'last names']],
  ['firstName', ['nombre', 'nombres', 'primer nombre', 'first name', 'firstname', 'given name', 'given names', 'name', 'names', 'first names']],
  ['document', ['documento', 'doc', 'documento identidad', 'identificacion', 'cedula', 'tarjeta identidad', 'ti', 'cc', 'document', 'id', 'id number', 'identification', 'dni', 'nuip']],
  ['birthday', ['fecha nacimiento', 'nacimiento', 'fecha nac', 'birthday', 'birth date', 'date birth', 'dob', 'birthdate']],
  ['gender', ['genero', 'sexo', 'gender', 'sex']],
  ['email', ['email', 'e mail', 'correo', 'correo electronico', 'mail']],
  ['mobile', ['celular', 'movil', 'telefono', 'telefono celular', 'mobile', 'phone', 'cell', 'cell phone', 'mobile phone']],
  ['studentCode', ['codigo', 'codigo estudiante', 'student code', 'code', 'matricula']],
];
const kindHeaders = ['parentesco', 'relacion', 'relationship', 'relationship kind', 'kind', 'vinculo', 'tipo acudiente', 'relation'];

const relativeField: Partial<Record<string, ImportField>> = {
  firstName: 'relativeFirstName',
  lastName: 'relativeLastName',
  lastName2: 'relativeLastName2',
  document: 'relativeDocument',
  gender: 'relativeGender',
  email: 'relativeEmail',
  mobile: 'relativeMobile',
};

/** The field one header most likely holds, or null. */
export function guessField(header: string): ImportField | null {
  const words = normalizeHeader(header).split(' ').filter(Boolean);
  if (words.length === 0) return null;
  if (kindHeaders.includes(words.join(' '))) return 'relationshipKind';
  const isRelative = words.some((w) => relativeWords.includes(w));
  const rest = words.filter((w) => !relativeWords.includes(w) && !noiseWords.includes(w)).join(' ');
  if (isRelative && (rest === '' || rest === 'nombre completo' || rest === 'full name')) return 'relativeFirstName';
  if (kindHeaders.includes(rest)) return 'relationshipKind';
  const base = synonyms.find(([, phrases]) => phrases.includes(rest))?.[0];
  if (!base) return null;
  if (!isRelative) return base as ImportField;
  return relativeField[base] ?? null;
}

/** Field → column index for the headers of a file; the first column that fits a field wins. */
export function guessMapping(columns: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  columns.forEach((header, index) => {
    const field = guessField(header);
    if (field && mapping[field] === undefined) mapping[field] = index;
  });
  return mapping;
}

/** Drops fields that point past the last column, so a stale mapping cannot read garbage. */
export function cleanMapping(mapping: ImportMapping, columnCount: number): ImportMapping {
  const clean: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    if (typeof index === 'number' && index < columnCount) clean[field] = index;
  }
  return clean;
}
