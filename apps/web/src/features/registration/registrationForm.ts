import type { RegistrationErrorCode } from '@patio/core/schemas/registration';
import { hasForbiddenNameCharacters } from '@patio/core/people/nameCharacters';

export interface ChildDraft {
  firstName: string;
  lastName: string;
  lastName2: string;
  document: string;
  gender: '' | 'female' | 'male';
  birthday: string;
  course: string;
}

export interface RelativeDraft {
  firstName: string;
  lastName: string;
  lastName2: string;
  document: string;
  gender: '' | 'female' | 'male';
  email: string;
  mobile: string;
  kind: string;
}

/** spec §3 Registration form, as typed: first name, last name, second last name, document, gender, birthday, email, password twice, course, children, relatives. */
export interface RegistrationDraft {
  firstName: string;
  lastName: string;
  lastName2: string;
  document: string;
  gender: '' | 'female' | 'male';
  birthday: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  course: string;
  children: ChildDraft[];
  relatives: RelativeDraft[];
}

/** Field path ('email', 'children.0.birthday') → §5 message code. */
export type RegistrationErrors = Record<string, RegistrationErrorCode | string>;

export const emptyChild = (): ChildDraft => ({ firstName: '', lastName: '', lastName2: '', document: '', gender: '', birthday: '', course: '' });
export const emptyRelative = (): RelativeDraft => ({ firstName: '', lastName: '', lastName2: '', document: '', gender: '', email: '', mobile: '', kind: '' });
export const emptyRegistration = (): RegistrationDraft => ({
  firstName: '',
  lastName: '',
  lastName2: '',
  document: '',
  gender: '',
  birthday: '',
  email: '',
  password: '',
  passwordConfirmation: '',
  course: '',
  children: [emptyChild()],
  relatives: [],
});

/** A plain, permissive address check: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const blank = (value: string) => value.trim() === '';

/** The names of one person: refused when they hide control, bidi-override or zero-width characters. */
function checkNameCharacters(errors: RegistrationErrors, prefix: string, person: { firstName: string; lastName: string; lastName2: string }): void {
  for (const key of ['firstName', 'lastName', 'lastName2'] as const) {
    if (!errors[`${prefix}${key}`] && hasForbiddenNameCharacters(person[key])) errors[`${prefix}${key}`] = 'invalid_characters';
  }
}

/** The §5 checks, field by field, before anything is sent (the server repeats them). */
export function validateRegistration(form: RegistrationDraft): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const need = (path: string, value: string, code: RegistrationErrorCode) => {
    if (blank(value)) errors[path] = code;
  };
  need('firstName', form.firstName, 'first_name_required');
  need('lastName', form.lastName, 'last_name_required');
  need('document', form.document, 'document_required');
  need('birthday', form.birthday, 'birthday_required');
  if (blank(form.email)) errors.email = 'email_required';
  else if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = 'email_invalid';
  checkNameCharacters(errors, '', form);
  need('password', form.password, 'password_required');
  if (!errors.password && form.password !== form.passwordConfirmation) errors.passwordConfirmation = 'passwords_mismatch';
  if (form.children.length === 0) errors.children = 'children_required';
  form.children.forEach((child, i) => {
    need(`children.${i}.firstName`, child.firstName, 'first_name_required');
    need(`children.${i}.lastName`, child.lastName, 'last_name_required');
    need(`children.${i}.document`, child.document, 'document_required');
    need(`children.${i}.birthday`, child.birthday, 'birthday_required');
    need(`children.${i}.course`, child.course, 'course_required');
    checkNameCharacters(errors, `children.${i}.`, child);
  });
  form.relatives.forEach((relative, i) => {
    need(`relatives.${i}.firstName`, relative.firstName, 'first_name_required');
    need(`relatives.${i}.lastName`, relative.lastName, 'last_name_required');
    need(`relatives.${i}.document`, relative.document, 'document_required');
    if (!blank(relative.email) && !EMAIL_PATTERN.test(relative.email.trim())) errors[`relatives.${i}.email`] = 'email_invalid';
    need(`relatives.${i}.kind`, relative.kind, 'relationship_unknown');
    checkNameCharacters(errors, `relatives.${i}.`, relative);
  });
  return errors;
}

/** What a password must not be built from: the registering person's own names, document and email. */
export function passwordInputsOf(form: RegistrationDraft): string[] {
  const email = form.email.trim();
  return [form.firstName, form.lastName, form.lastName2, form.document, email, email.split('@')[0]].map((v) => v.trim()).filter(Boolean);
}

const orNull = (value: string) => (blank(value) ? null : value.trim());

/** The body of POST registration; the form's course is the first child's. */
export function toRequest(form: RegistrationDraft, language: string) {
  const courseOf = (value: string) => (value ? Number(value) : null);
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    lastName2: orNull(form.lastName2),
    document: form.document.trim(),
    gender: form.gender || null,
    birthday: form.birthday,
    email: form.email.trim(),
    password: form.password,
    passwordConfirmation: form.passwordConfirmation,
    course: courseOf(form.children[0]?.course ?? ''),
    language,
    children: form.children.map((c) => ({
      firstName: c.firstName.trim(),
      lastName: c.lastName.trim(),
      lastName2: orNull(c.lastName2),
      document: c.document.trim(),
      gender: c.gender || null,
      birthday: c.birthday,
      course: courseOf(c.course),
    })),
    relatives: form.relatives.map((r) => ({
      firstName: r.firstName.trim(),
      lastName: r.lastName.trim(),
      lastName2: orNull(r.lastName2),
      document: r.document.trim(),
      gender: r.gender || null,
      email: orNull(r.email),
      mobile: orNull(r.mobile),
      kind: r.kind,
    })),
  };
}

/** Server detail paths ('children[0].firstName', '/children/0/firstName') in the form's dotted shape; the form course lives on the first child. */
export function normalisePath(path: string): string {
  const dotted = path.replace(/\[(\d+)\]/g, '.$1').replace(/^[./]+/, '').replace(/\//g, '.');
  return dotted === 'course' ? 'children.0.course' : dotted;
}
