import { LANGUAGES } from '../constants';
import { isEmail, normalizeEmail } from '../email';
import type { PasswordProblem } from '../password/passwordPolicy';
import { documentKeyOf } from '../people/documentKey';
import { hasForbiddenNameCharacters } from '../people/nameCharacters';
import { isRelationshipKind, type RelationshipKindCode } from '../people/relationshipKinds';
import { REGISTRATION_MESSAGES, type RegistrationErrorCode } from './messages';

// spec §3 Registration form, §5 Registration messages: every wrong field gets exactly one message, in
// the §5 words. The server runs this on every POST registration; the web runs it before sending, so the
// family sees the same answers at once. No zod and no password dictionary here: both would weigh on the
// registration screen (the web passes the password policy in once it has loaded it).

/** One wrong field: its dotted path ('children.0.course'), the stable code and the §5 English text. */
export interface RegistrationFieldError {
  path: string;
  code: RegistrationErrorCode;
  message: string;
}

/** A person of the form, checked and trimmed. */
export interface RegisteringPerson {
  firstName: string;
  lastName: string;
  lastName2: string | null;
  document: string;
  gender: 'female' | 'male' | null;
  birthday: string | null;
}

/** The whole form once every field is right. */
export interface ValidRegistration {
  parent: RegisteringPerson & { email: string; password: string; language: string };
  children: (RegisteringPerson & { course: number })[];
  relatives: (RegisteringPerson & { email: string | null; mobile: string | null; kind: RelationshipKindCode })[];
}

/** What the caller knows beyond the form itself. */
export interface RegistrationChecks {
  /** Course ids a family may choose; without them any course id counts as chosen. */
  courses?: ReadonlySet<number>;
  /** The password policy (`@patio/core/password/passwordPolicy`); without it only presence is checked. */
  checkPassword?: (password: string, userInputs: string[]) => { problem: PasswordProblem | null };
  /** "Today" for birthdays, which cannot be later. */
  now?: Date;
}

// Column sizes (people.username varchar(120), document and mobile varchar(40)): longer input is a 400,
// never a database error. The account's username is its email, hence the tighter email bound.
const MAX_ACCOUNT_EMAIL = 120;
const MAX_NAME = 100;
const MAX_DOCUMENT = 40;
const MAX_MOBILE = 40;
/** More children or relatives than this on one form are ignored (no family needs them; bounds the work). */
const MAX_PEOPLE = 20;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const courseOf = (value: unknown): number | null => (value === undefined || value === null || value === '' ? null : Number(value));

/** A real calendar date as YYYY-MM-DD (what a date picker sends), not later than `now`, or null. */
export function isoDate(value: unknown, now: Date = new Date()): string | null {
  const match = text(value).match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0] || date.getTime() > now.getTime()) return null;
  return match[0];
}

/** What a registering person's password must not be built from: their names, document and email. */
export function registrationPasswordInputs(person: { firstName?: string; lastName?: string; lastName2?: string | null; document?: string }, email: string): string[] {
  const address = text(email);
  return [person.firstName, person.lastName, person.lastName2, person.document, address, address.split('@')[0]].map(text).filter(Boolean);
}

/**
 * Checks the §3 registration form (the POST registration body, as `ZRegistrationForm` shapes it).
 * Answers the typed form when every field is right, and the field errors otherwise, in form order.
 * Whether an email or document is already in the school is never checked here: the answer must not
 * tell who is registered.
 */
export function validateRegistration(body: unknown, checks: RegistrationChecks = {}): { form: ValidRegistration | null; errors: RegistrationFieldError[] } {
  const now = checks.now ?? new Date();
  const isCourse = (id: number | null): id is number => id !== null && (checks.courses ? checks.courses.has(id) : Number.isInteger(id) && id > 0);
  const errors: RegistrationFieldError[] = [];
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
    const birthday = isoDate(source.birthday, now);
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
  const isAddress = (email: string) => isEmail(email) && email.length <= MAX_ACCOUNT_EMAIL;

  const parent = person(input, '', true);
  const email = normalizeEmail(text(input.email));
  if (!email) fail('email', 'email_required');
  else if (!isAddress(email)) fail('email', 'email_invalid');
  const password = typeof input.password === 'string' ? input.password : '';
  if (password.trim() === '') fail('password', 'password_required');
  else {
    const problem = checks.checkPassword?.(password, registrationPasswordInputs(parent, email)).problem ?? null;
    if (problem) fail('password', problem);
    else if (input.passwordConfirmation !== password) fail('passwordConfirmation', 'passwords_mismatch');
  }

  const formCourse = courseOf(input.course);
  if (formCourse !== null && !isCourse(formCourse)) fail('course', 'course_required');

  const children: ValidRegistration['children'] = [];
  const childList = Array.isArray(input.children) ? input.children.slice(0, MAX_PEOPLE) : [];
  if (childList.length === 0) fail('children', 'children_required');
  childList.forEach((raw, i) => {
    const child = record(raw);
    const data = person(child, `children.${i}.`, true);
    const requested = courseOf(child.course) ?? formCourse;
    if (!isCourse(requested)) fail(`children.${i}.course`, 'course_required');
    children.push({ ...data, course: requested ?? 0 });
  });

  const relatives: ValidRegistration['relatives'] = [];
  const relativeList = Array.isArray(input.relatives) ? input.relatives.slice(0, MAX_PEOPLE) : [];
  relativeList.forEach((raw, i) => {
    const relative = record(raw);
    const data = person(relative, `relatives.${i}.`, false);
    const relativeEmail = normalizeEmail(text(relative.email)) || null;
    if (relativeEmail && !isAddress(relativeEmail)) fail(`relatives.${i}.email`, 'email_invalid');
    if (text(relative.mobile).length > MAX_MOBILE) fail(`relatives.${i}.mobile`, 'too_long');
    const kind = text(relative.kind);
    if (!isRelationshipKind(kind)) fail(`relatives.${i}.kind`, 'relationship_unknown');
    relatives.push({ ...data, email: relativeEmail, mobile: text(relative.mobile) || null, kind: kind as RelationshipKindCode });
  });

  // The same document twice in one form is a typing mistake.
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
  const language = registrationLanguageOf(input.language);
  return { form: { parent: { ...parent, email, password, language }, children, relatives }, errors };
}

/**
 * The family's language as stored and mailed in: one of the six dictionary codes. An interface tag
 * ('es-CO', 'pt-BR') counts as its language; anything else, or nothing, as Spanish, the default.
 */
export function registrationLanguageOf(value: unknown): string {
  const primary = text(value).toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary) ? primary : 'es';
}
