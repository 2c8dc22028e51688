import type { RegistrationErrorCode } from '@patio/core/registration/messages';
import { registrationPasswordInputs, validateRegistration as checkRegistration, type RegistrationChecks } from '@patio/core/registration/validateRegistration';
import type { RegistrationForm } from '@patio/core/schemas/registration';

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

const blank = (value: string) => value.trim() === '';

/**
 * The §5 checks, field by field, before anything is sent: the very rules the server applies
 * (@patio/core), given what the screen knows (the school's courses, the password policy once loaded).
 */
export function validateRegistration(form: RegistrationDraft, checks: RegistrationChecks = {}): RegistrationErrors {
  const errors: RegistrationErrors = {};
  for (const { path, code } of checkRegistration(toRequest(form), checks).errors) {
    const field = normalisePath(path);
    errors[field] ??= code;
  }
  return errors;
}

/** What a password must not be built from: the registering person's own names, document and email. */
export function passwordInputsOf(form: RegistrationDraft): string[] {
  return registrationPasswordInputs(form, form.email);
}

const orNull = (value: string) => (blank(value) ? null : value.trim());

/** The body of POST registration; the form's course is the first child's. */
export function toRequest(form: RegistrationDraft, language?: RegistrationForm['language']): RegistrationForm {
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
