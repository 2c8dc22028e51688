import { documentKeyOf, hasForbiddenNameCharacters, REGISTRATION_MESSAGES, type RegistrationErrorCode } from '@patio/core';
import { checkPassword } from '@patio/core/password/passwordPolicy';
import { relationshipKinds, type RelationshipKind } from '../people/relationships';

// spec §5 Registration messages: every wrong field gets exactly one message, in the §5 words.

export interface FieldError {
  path: string;
  code: RegistrationErrorCode;
  message: string;
}

type Gender = 'female' | 'male' | null;

export interface RegisteringPerson {
  firstName: string;
  lastName: string;
  lastName2: string | null;
  document: string;
  gender: Gender;
  birthday: string | null;
}

export interface ValidRegistration {
  parent: RegisteringPerson & { email: string; password: string; language: string };
  children: (RegisteringPerson & { course: number })[];
  relatives: (RegisteringPerson & { email: string | null; mobile: string | null; kind: RelationshipKind })[];
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
// Column sizes (people.username varchar(120), document and mobile varchar(40)): longer input is a 400, never a database error.
const MAX_EMAIL = 120;
const MAX_NAME = 100;
const MAX_DOCUMENT = 40;
const MAX_MOBILE = 40;
const languages = ['es', 'en', 'de', 'fr', 'it', 'pt'];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A real calendar date as YYYY-MM-DD (what a date picker sends), or null. */
export function isoDate(value: unknown): string | null {
  const match = text(value).match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0] || date.getTime() > Date.now()) return null;
  return match[0];
}

/**
 * Checks the §3 registration form. `courses` are the ids a family may choose. Answers the typed
 * form when every field is right, and the field errors otherwise (database checks come after).
 */
export function validateRegistration(body: unknown, courses: Set<number>): { form: ValidRegistration | null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const fail = (path: string, code: RegistrationErrorCode) => errors.push({ path, code, message: REGISTRATION_MESSAGES[code] });
  const input = record(body);

  const person = (source: Record<string, unknown>, prefix: string, needsBirthday: boolean): RegisteringPerson => {
    const at = (name: string) => `${prefix}${name}`;
    // Names and documents are shown to others: no hidden characters that change how they read.
    const checkText = (field: string, required: RegistrationErrorCode | null, max: number) => {
      const value = text(source[field]);
      if (!value) {
        if (required) fail(at(field), required);
      } else if (hasForbiddenNameCharacters(value)) fail(at(field), 'invalid_characters');
      else if (value.length > max) fail(at(field), 'too_long');
    };
    checkText('firstName', 'first_name_required', MAX_NAME);
    checkText('lastName', 'last_name_required', MAX_NAME);
    checkText('lastName2', null, MAX_NAME);
    checkText('document', 'document_required', MAX_DOCUMENT);
    // A document of separators only ("---") has no key: approval could never match or dedupe it.
    if (text(source.document) && documentKeyOf(text(source.document)) === null) fail(at('document'), 'document_required');
    const birthday = isoDate(source.birthday);
    if (needsBirthday && !birthday) fail(at('birthday'), 'birthday_required');
    const gender = source.gender === 'female' || source.gender === 'male' ? source.gender : null;
    return {
      firstName: text(source.firstName),
      lastName: text(source.lastName),
      lastName2: text(source.lastName2) || null,
      document: text(source.document).replace(/\s+/g, ''),
      gender,
      birthday,
    };
  };

  const parent = person(input, '', true);
  const email = text(input.email).toLowerCase();
  if (!email) fail('email', 'email_required');
  else if (!emailPattern.test(email) || email.length > MAX_EMAIL) fail('email', 'email_invalid');
  const password = typeof input.password === 'string' ? input.password : '';
  if (password.trim() === '') fail('password', 'password_required');
  else {
    const { problem } = checkPassword(password, [parent.firstName, parent.lastName, parent.lastName2 ?? '', parent.document, email]);
    if (problem) fail('password', problem);
    else if (input.passwordConfirmation !== password) fail('passwordConfirmation', 'passwords_mismatch');
  }

  const formCourse = input.course === undefined || input.course === null || input.course === '' ? null : Number(input.course);
  if (formCourse !== null && !courses.has(formCourse)) fail('course', 'course_required');

  const children: ValidRegistration['children'] = [];
  const childList = Array.isArray(input.children) ? input.children.slice(0, 20) : [];
  if (childList.length === 0) fail('children', 'children_required');
  childList.forEach((raw, i) => {
    const child = record(raw);
    const data = person(child, `children.${i}.`, true);
    const requested = child.course === undefined || child.course === null || child.course === '' ? formCourse : Number(child.course);
    if (requested === null || !courses.has(requested)) fail(`children.${i}.course`, 'course_required');
    children.push({ ...data, course: requested ?? 0 });
  });

  const relatives: ValidRegistration['relatives'] = [];
  const relativeList = Array.isArray(input.relatives) ? input.relatives.slice(0, 20) : [];
  relativeList.forEach((raw, i) => {
    const relative = record(raw);
    const data = person(relative, `relatives.${i}.`, false);
    const relativeEmail = text(relative.email).toLowerCase() || null;
    if (relativeEmail && (!emailPattern.test(relativeEmail) || relativeEmail.length > MAX_EMAIL)) fail(`relatives.${i}.email`, 'email_invalid');
    if (text(relative.mobile).length > MAX_MOBILE) fail(`relatives.${i}.mobile`, 'too_long');
    const kind = text(relative.kind);
    if (!(relationshipKinds as readonly string[]).includes(kind)) fail(`relatives.${i}.kind`, 'relationship_unknown');
    relatives.push({ ...data, email: relativeEmail, mobile: text(relative.mobile) || null, kind: kind as RelationshipKind });
  });

  // The same document twice in one form is a typing mistake (documents already in the school are
  // never checked here: the answer must not tell who is registered).
  const seen = new Set<string>();
  const documents: [string, string][] = [
    ['document', parent.document],
    ...children.map((c, i) => [`children.${i}.document`, c.document] as [string, string]),
    ...relatives.map((r, i) => [`relatives.${i}.document`, r.document] as [string, string]),
  ];
  for (const [path, document] of documents) {
    const key = documentKeyOf(document);
    if (!key) continue;
    if (seen.has(key)) fail(path, 'document_taken');
    seen.add(key);
  }

  if (errors.length > 0) return { form: null, errors };
  const language = languages.includes(text(input.language)) ? text(input.language) : 'es';
  return { form: { parent: { ...parent, email, password, language }, children, relatives }, errors };
}
