import { documentKeyOf, hasForbiddenNameCharacters, isEmail, type ImportField, type ImportMapping, type ImportRowError } from '@patio/core';
import type { RelationshipKind } from '../people/index';
import { splitFullName, splitSurnames } from './import.names';
import type { NameOrders } from './import.stored';
import { isScientificNotation, parseDate, parseGender, parseKind, parsePhone, type Gender } from './import.values';

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

/** One row read: the student, the relative it names (kind null when unknown) and the row's errors. */
export interface ReadRow {
  student: ImportedPerson;
  relative: (ImportedPerson & { kind: RelationshipKind | null }) | null;
  errors: ImportRowError[];
}

const fieldLabels: Record<ImportField, string> = {
  firstName: 'first name', lastName: 'last name', lastName2: 'second last name', fullName: 'full name', document: 'document',
  birthday: 'birthday', gender: 'gender', email: 'email', mobile: 'mobile', studentCode: 'student code',
  relativeFirstName: "relative's first name", relativeLastName: "relative's last name",
  relativeLastName2: "relative's second last name", relativeFullName: "relative's full name", relativeDocument: "relative's document",
  relativeGender: "relative's gender", relativeEmail: "relative's email", relativeMobile: "relative's mobile",
  relationshipKind: 'relationship kind',
};

/** people.document, mobile and student_code are varchar(40); people.document_key is varchar(64). */
const MAX_COLUMN = 40;
const MAX_DOCUMENT_KEY = 64;

const relativeCells: ImportField[] = ['relativeFirstName', 'relativeLastName', 'relativeFullName', 'relativeDocument', 'relativeEmail', 'relativeMobile'];

/** Reads one row through the mapping: values as Patio stores them, and every problem found. */
export function readRow({ rowNumber, cells }: { rowNumber: number; cells: string[] }, mapping: ImportMapping, nameOrders: NameOrders): ReadRow {
  const errors: ImportRowError[] = [];
  const fail = (field: ImportField, code: string, message: string) => errors.push({ row: rowNumber, field, code, message });
  const isMapped = (field: ImportField) => mapping[field] !== undefined && mapping[field] !== null;
  // Control, bidi-override and zero-width characters never reach people (PostgreSQL refuses NUL in text).
  const at = (field: ImportField) => {
    const index = mapping[field];
    const text = index === undefined || index === null ? '' : (cells[index] ?? '').trim();
    if (hasForbiddenNameCharacters(text) && !errors.some((e) => e.field === field && e.code === 'invalid_characters')) {
      fail(field, 'invalid_characters', `The ${fieldLabels[field]} holds control or invisible characters`);
    }
    return text;
  };
  const required = (field: ImportField, text: string) => {
    if (text === '') fail(field, 'required', `The ${fieldLabels[field]} is required`);
    return text;
  };

  const readNames = (prefix: '' | 'relative') => {
    const f = (name: string) => (prefix ? `relative${name[0].toUpperCase()}${name.slice(1)}` : name) as ImportField;
    const full = f('fullName');
    if (isMapped(full) && !(isMapped(f('firstName')) && isMapped(f('lastName')))) {
      const text = required(full, at(full));
      if (text === '') return { firstName: '', lastName: '', lastName2: null };
      const split = splitFullName(text, nameOrders[full as keyof NameOrders] ?? 'given-first');
      if (!split.firstName || !split.lastName) fail(full, 'name_not_split', `"${text}" holds one name only: write the names and the surnames`);
      return split;
    }
    const firstName = required(f('firstName'), at(f('firstName')));
    const lastNames = required(f('lastName'), at(f('lastName')));
    // "Apellidos" with both surnames fills the second one, unless the file has its own column for it.
    if (isMapped(f('lastName2'))) return { firstName, lastName: lastNames, lastName2: at(f('lastName2')) || null };
    const [lastName, lastName2] = splitSurnames(lastNames);
    return { firstName, lastName, lastName2 };
  };

  const readPerson = (prefix: '' | 'relative'): ImportedPerson => {
    const f = (name: string) => (prefix ? `relative${name[0].toUpperCase()}${name.slice(1)}` : name) as ImportField;
    const names = readNames(prefix);
    const document = required(f('document'), at(f('document'))).replace(/\s+/g, '');
    const email = at(f('email'));
    // An address with control characters already has its one error (invalid_characters).
    if (email && !hasForbiddenNameCharacters(email) && !isEmail(email)) fail(f('email'), 'invalid_email', `"${email}" is not a valid email address`);
    const gender = parseGender(at(f('gender')));
    if (gender === 'invalid') fail(f('gender'), 'invalid_gender', `"${at(f('gender'))}" is not a gender: use female or male (F/M)`);
    const documentKey = documentKeyOf(document);
    if (document && isScientificNotation(document)) {
      fail(f('document'), 'document_scientific', `"${document}" was saved in scientific notation and its digits are lost: format the column as text and save the file again`);
    } else if (document && (documentKey === null || documentKey.length > MAX_DOCUMENT_KEY || document.length > MAX_COLUMN)) {
      fail(f('document'), 'invalid_document', `"${document.slice(0, 80)}" is not a document number: use up to ${MAX_COLUMN} letters and digits`);
    }
    const birthday = prefix ? null : parseDate(at('birthday'));
    if (birthday === 'invalid') fail('birthday', 'invalid_date', `"${at('birthday')}" is not a valid date: use YYYY-MM-DD or DD/MM/YYYY`);
    const mobile = parsePhone(at(f('mobile')));
    if (mobile === 'invalid') fail(f('mobile'), 'invalid_mobile', `"${at(f('mobile')).slice(0, 80)}" is not a phone number: write one number, digits with an optional +country code`);
    const studentCode = prefix ? '' : at('studentCode');
    if (studentCode.length > MAX_COLUMN) fail('studentCode', 'too_long', `The student code may have at most ${MAX_COLUMN} characters`);
    return {
      ...names,
      document,
      documentKey: documentKey ?? '',
      gender: gender === 'invalid' ? null : gender,
      birthday: birthday === 'invalid' ? null : birthday,
      email: email ? email.toLowerCase() : null,
      mobile: mobile === 'invalid' ? null : mobile,
      studentCode: studentCode || null,
    };
  };

  const student = readPerson('');
  let relative: ReadRow['relative'] = null;
  if (relativeCells.some((field) => at(field) !== '')) {
    const person = readPerson('relative');
    const kindText = at('relationshipKind');
    const kind = kindText === '' ? (person.gender === 'male' ? 'father' : person.gender === 'female' ? 'mother' : 'guardian') : parseKind(kindText);
    if (kind === null) {
      fail('relationshipKind', 'unknown_relationship_kind', `"${kindText}" is not a known relationship kind (e.g. father, mother, guardian)`);
    }
    if (person.documentKey && person.documentKey === student.documentKey) {
      fail('relativeDocument', 'same_document', 'The relative cannot have the same document as the student');
    }
    relative = { ...person, kind };
  }
  return { student, relative, errors };
}
