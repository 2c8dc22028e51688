import { describe, expect, it } from 'vitest';
import { checkPassword } from '../password/passwordPolicy';
import { isoDate, registrationLanguageOf, registrationPasswordInputs, validateRegistration } from './validateRegistration';

const STRONG = 'lámpara-tejado-ciruela-42';
const courses = new Set([11, 12]);

/** A form every rule accepts; tests change one thing at a time. */
function family(change: Record<string, unknown> = {}) {
  return {
    firstName: ' Laura ',
    lastName: 'Ruiz',
    lastName2: '',
    document: '52 000 111',
    gender: 'female',
    birthday: '1985-02-03',
    email: ' Laura@Example.COM ',
    password: STRONG,
    passwordConfirmation: STRONG,
    course: 11,
    language: 'pt',
    children: [{ firstName: 'Sofía', lastName: 'Pérez', document: '1020304050', birthday: '2013-04-09', course: null }],
    relatives: [{ firstName: 'Ana', lastName: 'Ruiz', document: '41000222', kind: 'grandmother', email: 'ANA@example.com', mobile: '+57 300' }],
    ...change,
  };
}

const codes = (body: unknown, checks = {}) => validateRegistration(body, { courses, ...checks }).errors.map((e) => `${e.path}:${e.code}`);

describe('validateRegistration', () => {
  it('answers the checked, trimmed form when every field is right', () => {
    const { form, errors } = validateRegistration(family(), { courses, checkPassword });
    expect(errors).toEqual([]);
    expect(form?.parent).toMatchObject({ firstName: 'Laura', lastName2: null, document: '52000111', email: 'laura@example.com', language: 'pt', gender: 'female' });
    expect(form?.children).toEqual([expect.objectContaining({ firstName: 'Sofía', course: 11, birthday: '2013-04-09', gender: null })]);
    expect(form?.relatives).toEqual([expect.objectContaining({ kind: 'grandmother', email: 'ana@example.com', mobile: '+57 300', birthday: null })]);
  });

  it('names every missing field once, with its §5 code and English text, in form order', () => {
    const { form, errors } = validateRegistration({}, { courses });
    expect(form).toBeNull();
    expect(errors).toEqual([
      { path: 'firstName', code: 'first_name_required', message: 'You must type a name' },
      { path: 'lastName', code: 'last_name_required', message: 'You must type a last name' },
      { path: 'document', code: 'document_required', message: 'You must type a document' },
      { path: 'birthday', code: 'birthday_required', message: 'You must pick a date' },
      { path: 'email', code: 'email_required', message: 'You must type an eMail' },
      { path: 'password', code: 'password_required', message: 'You must type a password' },
      { path: 'children', code: 'children_required', message: 'You must choose at least one son' },
    ]);
  });

  it('checks addresses by the one email rule, for the parent and for relatives', () => {
    expect(codes(family({ email: 'laura@example' }))).toEqual(['email:email_invalid']);
    expect(codes(family({ email: 'lau ra@example.com' }))).toEqual(['email:email_invalid']);
    // The address becomes the username (varchar 120): a longer one is refused, not cut.
    expect(codes(family({ email: `${'a'.repeat(60)}@${'b'.repeat(60)}.com` }))).toEqual(['email:email_invalid']);
    expect(codes(family({ relatives: [{ ...family().relatives[0], email: 'ana@' }] }))).toEqual(['relatives.0.email:email_invalid']);
    expect(codes(family({ relatives: [{ ...family().relatives[0], email: '' }] }))).toEqual([]);
  });

  it('applies the password policy when given, else checks the confirmation only', () => {
    expect(codes(family({ password: 'aaaaaaaaaaaa', passwordConfirmation: 'x' }), { checkPassword })).toEqual(['password:password_weak']);
    expect(codes(family({ password: 'Laura1985', passwordConfirmation: 'Laura1985' }), { checkPassword })).toEqual(['password:password_too_short']);
    expect(codes(family({ password: 'a', passwordConfirmation: 'b' }))).toEqual(['passwordConfirmation:passwords_mismatch']);
    expect(codes(family({ password: '   ' }))).toEqual(['password:password_required']);
  });

  it('requires a course the school offers for every child, taking the form course by default', () => {
    expect(codes(family({ course: null }))).toEqual(['children.0.course:course_required']);
    expect(codes(family({ course: 99 }))).toEqual(['course:course_required', 'children.0.course:course_required']);
    expect(codes(family({ course: null, children: [{ ...family().children[0], course: '12' }] }))).toEqual([]);
    // Without the school's list (the web before it loads) any positive id counts as chosen.
    expect(validateRegistration(family({ course: 99 })).errors).toEqual([]);
    expect(codes(family({ children: [] }))).toEqual(['children:children_required']);
  });

  it('refuses hidden characters, overlong fields, unknown kinds and one document twice', () => {
    expect(codes(family({ firstName: 'Lau\u202Era', lastName2: 'Ruiz\u200B' }))).toEqual(['firstName:invalid_characters', 'lastName2:invalid_characters']);
    expect(codes(family({ lastName: 'x'.repeat(101), document: '1'.repeat(41) }))).toEqual(['lastName:too_long', 'document:too_long']);
    expect(codes(family({ document: '---' }))).toEqual(['document:document_required']);
    expect(codes(family({ relatives: [{ ...family().relatives[0], kind: 'neighbour', mobile: '1'.repeat(41) }] }))).toEqual([
      'relatives.0.mobile:too_long',
      'relatives.0.kind:relationship_unknown',
    ]);
    expect(codes(family({ children: [{ ...family().children[0], document: '52.000.111' }] }))).toEqual(['children.0.document:document_taken']);
  });

  it('takes real past dates only', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(isoDate('2013-04-09', now)).toBe('2013-04-09');
    expect(isoDate('2013-02-30', now)).toBeNull();
    expect(isoDate('2026-06-01', now)).toBeNull();
    expect(isoDate('09/04/2013', now)).toBeNull();
    expect(codes(family({ birthday: '2027-01-01' }), { now })).toEqual(['birthday:birthday_required']);
  });

  it('survives any body: arrays, numbers, nested nonsense', () => {
    for (const body of [null, 42, 'text', [], { children: 'no', relatives: {} }, { children: [null, 7] }]) {
      expect(validateRegistration(body, { courses }).form).toBeNull();
    }
  });
});

describe('registrationPasswordInputs', () => {
  it('lists the names, document, address and mailbox name, trimmed and without blanks', () => {
    expect(registrationPasswordInputs({ firstName: ' Laura ', lastName: 'Ruiz', lastName2: null, document: '52000111' }, ' laura@example.com')).toEqual([
      'Laura',
      'Ruiz',
      '52000111',
      'laura@example.com',
      'laura',
    ]);
  });
});

describe('registrationLanguageOf', () => {
  it('keeps the six languages and reads interface tags as their language', () => {
    expect(['es', 'en', 'de', 'fr', 'it', 'pt'].map(registrationLanguageOf)).toEqual(['es', 'en', 'de', 'fr', 'it', 'pt']);
    expect(['es-CO', 'pt-BR', ' DE ', 'fr_CA'].map(registrationLanguageOf)).toEqual(['es', 'pt', 'de', 'fr']);
  });

  it('stores Spanish for anything else', () => {
    expect([undefined, null, '', 'ja', 'klingon', 42, ['de'], 'de\u0000', 'x'.repeat(100_000)].map(registrationLanguageOf)).toEqual(Array(9).fill('es'));
  });

  it('is what a checked form carries', () => {
    expect(validateRegistration(family({ language: 'de-AT' }), { courses }).form?.parent.language).toBe('de');
    expect(validateRegistration(family({ language: 'ru' }), { courses }).form?.parent.language).toBe('es');
  });
});
