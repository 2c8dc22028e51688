import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '@patio/core';
import { fieldOfLabel } from './import.labels';
import { normalizeHeader } from './import.text';

// Header guessing for class lists: the template's own titles in the six languages, then Spanish and
// English variants: "Nombre del estudiante", "Apellidos", "No. documento", "Doc. identidad",
// "F. nacimiento", "Sexo", "E-mail", "Teléfono", "Acudiente", "Correo madre", "Parentesco",
// "Date of birth", "Parent email"…

export { normalizeHeader } from './import.text';

const relativeWords = ['acudiente', 'acudientes', 'padre', 'madre', 'tutor', 'responsable', 'representante', 'familiar', 'parent', 'guardian', 'father', 'mother', 'relative'];
const noiseWords = ['del', 'de', 'la', 'el', 'los', 'of', 'the', 'estudiante', 'alumno', 'alumna', 'student', 'nino', 'child', 'y', 'and', 'no', 'num', 'numero', 'number', 'nro', 'n'];
const personWords = ['estudiante', 'alumno', 'alumna', 'student', 'pupil'];

// Base field (without the relative prefix) → header phrases, compared after removing noise words.
const synonyms: [string, string[]][] = [
  ['lastName2', ['segundo apellido', 'apellido 2', 'apellido2', 'second last name', 'last name 2', 'lastname2', 'second surname']],
  ['fullName', ['nombre completo', 'nombres completos', 'nombres apellidos', 'apellidos nombres', 'nombre apellidos', 'apellidos nombre', 'full name', 'name surname', 'names surnames', 'surname name', 'surnames names']],
  ['lastName', ['apellido', 'apellidos', 'primer apellido', 'last name', 'lastname', 'surname', 'surnames', 'family name', 'last names']],
  ['firstName', ['nombre', 'nombres', 'primer nombre', 'first name', 'firstname', 'given name', 'given names', 'name', 'names', 'first names']],
  ['document', ['documento', 'doc', 'documento identidad', 'doc identidad', 'identidad', 'identificacion', 'doc identificacion', 'cedula', 'tarjeta identidad', 'registro civil', 'ti', 'cc', 'document', 'id', 'id number', 'identification', 'dni', 'nuip']],
  ['birthday', ['fecha nacimiento', 'nacimiento', 'fecha nac', 'f nacimiento', 'f nac', 'fec nac', 'fecha de nac', 'birthday', 'birth date', 'date birth', 'dob', 'birthdate']],
  ['gender', ['genero', 'sexo', 'gender', 'sex']],
  ['email', ['email', 'e mail', 'correo', 'correo electronico', 'mail', 'email address']],
  ['mobile', ['celular', 'movil', 'telefono', 'tel', 'cel', 'telefono celular', 'whatsapp', 'mobile', 'phone', 'phone number', 'cell', 'cell phone', 'mobile phone']],
  ['studentCode', ['codigo', 'codigo estudiante', 'student code', 'code', 'matricula']],
];
const kindHeaders = ['parentesco', 'relacion', 'relationship', 'relationship kind', 'kind', 'vinculo', 'tipo acudiente', 'relation'];

const relativeField: Partial<Record<string, ImportField>> = {
  firstName: 'relativeFirstName',
  lastName: 'relativeLastName',
  lastName2: 'relativeLastName2',
  fullName: 'relativeFullName',
  document: 'relativeDocument',
  gender: 'relativeGender',
  email: 'relativeEmail',
  mobile: 'relativeMobile',
};

/** The field one header most likely holds, or null. */
export function guessField(header: string): ImportField | null {
  const labelled = fieldOfLabel(header);
  if (labelled) return labelled;
  const words = normalizeHeader(header).split(' ').filter(Boolean);
  if (words.length === 0) return null;
  if (kindHeaders.includes(words.join(' '))) return 'relationshipKind';
  const isRelative = words.some((w) => relativeWords.includes(w));
  const rest = words.filter((w) => !relativeWords.includes(w) && !noiseWords.includes(w)).join(' ');
  // "Acudiente", "Nombre completo del acudiente": one column with the relative's whole name.
  if (isRelative && (rest === '' || rest === 'nombre completo' || rest === 'full name')) return 'relativeFullName';
  // "Estudiante", "Alumno": the student's whole name.
  if (!isRelative && rest === '' && words.some((w) => personWords.includes(w))) return 'fullName';
  if (kindHeaders.includes(rest)) return 'relationshipKind';
  const base = synonyms.find(([, phrases]) => phrases.includes(rest))?.[0];
  if (!base) return null;
  if (!isRelative) return base as ImportField;
  return relativeField[base] ?? null;
}

/**
 * Field → column index for the headers of a file; the first column that fits a field wins. A
 * lone name column ("Nombre del estudiante" with no surname column) holds the whole name. Hidden
 * columns (an XLSX sheet's helper or outdated columns) are never guessed: the admin may pick one.
 */
export function guessMapping(columns: string[], hiddenColumns: readonly number[] = []): ImportMapping {
  const mapping: ImportMapping = {};
  columns.forEach((header, index) => {
    if (hiddenColumns.includes(index)) return;
    const field = guessField(header);
    if (field && mapping[field] === undefined) mapping[field] = index;
  });
  for (const [first, last, full] of [['firstName', 'lastName', 'fullName'], ['relativeFirstName', 'relativeLastName', 'relativeFullName']] as const) {
    if (mapping[first] !== undefined && mapping[last] === undefined && mapping[full] === undefined) {
      mapping[full] = mapping[first];
      delete mapping[first];
    }
  }
  return mapping;
}

/** How many distinct fields a row's cells name: how much it looks like the header of a class list. */
export function headerScore(cells: string[]): number {
  const fields = new Set(cells.map((cell) => (cell ? guessField(cell) : null)).filter((f) => f !== null));
  return fields.size;
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
