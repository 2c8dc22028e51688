import { documentKeyOf, hasForbiddenNameCharacters, isEmail, type ImportField, type ImportMapping, type ImportRowError } from '@patio/core';
import { relationshipKinds, type RelationshipKind } from '../people/index';
import { normalizeHeader } from './import.mapping';

type Gender = 'female' | 'male';

export interface ImportedPerson {
  firstName: string;
  lastName: string;
  lastName2: string | null;
  document: string;
  /** The normalised document (documentKeyOf) that matching and uniqueness use. */
  documentKey: string;
  gender: Gender | null;
  birthday: string | null;
  email: string | null;
  mobile: string | null;
  studentCode: string | null;
}

/** One valid row: the student and, when the row names one, a relative. */
export interface ImportRecord {
  row: number;
  student: ImportedPerson;
  relative: (ImportedPerson & { kind: RelationshipKind }) | null;
}

export interface StoredRow {
  rowNumber: number;
  cells: string[];
}

const required: ImportField[] = ['firstName', 'lastName', 'document'];
const fieldLabels: Record<ImportField, string> = {
  firstName: 'first name', lastName: 'last name', lastName2: 'second last name', document: 'document',
  birthday: 'birthday', gender: 'gender', email: 'email', mobile: 'mobile', studentCode: 'student code',
  relativeFirstName: "relative's first name", relativeLastName: "relative's last name",
  relativeLastName2: "relative's second last name", relativeDocument: "relative's document",
  relativeGender: "relative's gender", relativeEmail: "relative's email", relativeMobile: "relative's mobile",
  relationshipKind: 'relationship kind',
};

// Spanish and English words for the kinds of spec §3 (normalised: lowercase, no accents).
const kindWords: Record<string, RelationshipKind> = {
  padre: 'father', papa: 'father', madre: 'mother', mama: 'mother', hijo: 'son', hija: 'daughter',
  hermano: 'brother', hermana: 'sister', abuelo: 'grandfather', abuela: 'grandmother', nieto: 'grandson',
  nieta: 'granddaughter', tio: 'uncle', tia: 'aunt', sobrino: 'nephew', sobrina: 'niece', primo: 'cousin',
  prima: 'cousin', padrastro: 'stepfather', madrastra: 'stepmother', hijastro: 'stepson', hijastra: 'stepdaughter',
  acudiente: 'guardian', tutor: 'guardian', tutora: 'guardian', representante: 'representative',
  responsable: 'responsible', grandparent: 'grandmother',
};

/** A relationship kind from a cell ("Madre", "mother", "Tía"), or null when unknown. */
export function parseKind(text: string): RelationshipKind | null {
  const word = normalizeHeader(text).replace(/ /g, '');
  if ((relationshipKinds as readonly string[]).includes(word)) return word as RelationshipKind;
  return kindWords[word] ?? null;
}

export function parseGender(text: string): Gender | null | 'invalid' {
  const word = normalizeHeader(text);
  if (word === '') return null;
  if (['f', 'female', 'femenino', 'mujer', 'woman', 'girl', 'nina'].includes(word)) return 'female';
  if (['m', 'male', 'masculino', 'hombre', 'man', 'boy', 'nino', 'h'].includes(word)) return 'male';
  return 'invalid';
}

/** YYYY-MM-DD, DD/MM/YYYY, DD-MM-YYYY or DD.MM.YYYY → YYYY-MM-DD; 'invalid' when it is no real date. */
export function parseDate(text: string): string | null | 'invalid' {
  if (text === '') return null;
  let y: number, m: number, d: number;
  let match = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = text.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return 'invalid';
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) return 'invalid';
  return date.toISOString().slice(0, 10);
}

/** people.document_key is varchar(64). */
const MAX_DOCUMENT_KEY = 64;

/**
 * Checks every row against the mapping; answers the valid records and the errors (row, field, code,
 * English message). Commit is refused while errors exist.
 */
export function validateRows(rows: StoredRow[], mapping: ImportMapping): { records: ImportRecord[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  for (const field of required) {
    if (mapping[field] === undefined || mapping[field] === null) {
      errors.push({ row: 0, field, code: 'column_not_mapped', message: `Choose the column that holds the ${fieldLabels[field]}` });
    }
  }
  if (errors.length > 0) return { records: [], errors };

  const records: ImportRecord[] = [];
  const seenDocuments = new Map<string, number>();
  for (const { rowNumber, cells } of rows) {
    const rowErrors: ImportRowError[] = [];
    const fail = (field: ImportField, code: string, message: string) => rowErrors.push({ row: rowNumber, field, code, message });
    // Control, bidi-override and zero-width characters never reach people (PostgreSQL refuses NUL in text).
    const at = (field: ImportField) => {
      const index = mapping[field];
      const text = index === undefined || index === null ? '' : (cells[index] ?? '').trim();
      if (hasForbiddenNameCharacters(text) && !rowErrors.some((e) => e.field === field && e.code === 'invalid_characters')) {
        fail(field, 'invalid_characters', `The ${fieldLabels[field]} holds control or invisible characters`);
      }
      return text;
    };

    const readPerson = (prefix: '' | 'relative'): ImportedPerson => {
      const f = (name: string) => (prefix ? `relative${name[0].toUpperCase()}${name.slice(1)}` : name) as ImportField;
      for (const name of ['firstName', 'lastName', 'document']) {
        if (at(f(name)) === '') fail(f(name), 'required', `The ${fieldLabels[f(name)]} is required`);
      }
      const email = at(f('email'));
      // An address with control characters already has its one error (invalid_characters).
      if (email && !hasForbiddenNameCharacters(email) && !isEmail(email)) fail(f('email'), 'invalid_email', `"${email}" is not a valid email address`);
      const gender = parseGender(at(f('gender')));
      if (gender === 'invalid') fail(f('gender'), 'invalid_gender', `"${at(f('gender'))}" is not a gender: use female or male (F/M)`);
      const document = at(f('document')).replace(/\s+/g, '');
      const documentKey = documentKeyOf(document);
      if (document && (documentKey === null || documentKey.length > MAX_DOCUMENT_KEY)) {
        fail(f('document'), 'invalid_document', `"${document.slice(0, 80)}" is not a document number: use up to ${MAX_DOCUMENT_KEY} letters and digits`);
      }
      const birthday = prefix ? null : parseDate(at('birthday'));
      if (birthday === 'invalid') fail('birthday', 'invalid_date', `"${at('birthday')}" is not a valid date: use YYYY-MM-DD or DD/MM/YYYY`);
      return {
        firstName: at(f('firstName')),
        lastName: at(f('lastName')),
        lastName2: at(f('lastName2')) || null,
        document,
        documentKey: documentKey ?? '',
        gender: gender === 'invalid' ? null : gender,
        birthday: birthday === 'invalid' ? null : birthday,
        email: email ? email.toLowerCase() : null,
        mobile: at(f('mobile')) || null,
        studentCode: prefix ? null : at('studentCode') || null,
      };
    };

    const student = readPerson('');
    // "1.023.456" and "1023456" are one document (documentKeyOf), so duplicates compare keys.
    if (student.documentKey) {
      const first = seenDocuments.get(student.documentKey);
      if (first !== undefined) {
        fail('document', 'duplicate_document', `The document ${student.document} is already used by row ${first} of this file`);
      } else seenDocuments.set(student.documentKey, rowNumber);
    }

    const relativeCells = ['relativeFirstName', 'relativeLastName', 'relativeDocument', 'relativeEmail', 'relativeMobile'] as const;
    let relative: ImportRecord['relative'] = null;
    if (relativeCells.some((f) => at(f) !== '')) {
      const person = readPerson('relative');
      const kindText = at('relationshipKind');
      const kind = kindText === '' ? (person.gender === 'male' ? 'father' : person.gender === 'female' ? 'mother' : 'guardian') : parseKind(kindText);
      if (kind === null) {
        fail('relationshipKind', 'unknown_relationship_kind', `"${kindText}" is not a known relationship kind (e.g. father, mother, guardian)`);
      }
      if (person.documentKey && person.documentKey === student.documentKey) {
        fail('relativeDocument', 'same_document', 'The relative cannot have the same document as the student');
      }
      relative = kind ? { ...person, kind } : null;
    }

    if (rowErrors.length > 0) errors.push(...rowErrors);
    else records.push({ row: rowNumber, student, relative });
  }
  return { records, errors };
}
