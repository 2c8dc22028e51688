// No imports on purpose: the English dictionary reads these texts too, and must not pull zod into
// the web chunk that carries it.

/** §5 registration messages and their stable codes (English text; the web translates by code). */
export const REGISTRATION_MESSAGES = {
  email_required: 'You must type an eMail',
  email_invalid: 'Invalid address',
  email_taken: 'This eMail is already being used',
  document_required: 'You must type a document',
  document_taken: 'This document is already registered',
  first_name_required: 'You must type a name',
  last_name_required: 'You must type a last name',
  password_required: 'You must type a password',
  passwords_mismatch: 'Passwords do not match',
  birthday_required: 'You must pick a date',
  course_required: 'You must select a course',
  children_required: 'You must choose at least one son',
  relationship_unknown: 'Choose how this person is related to the children',
  invalid_characters: 'Remove the invisible or control characters',
  too_long: 'This is too long',
  // The password policy (@patio/core/password/passwordPolicy) names its problems with these codes.
  password_too_short: 'The password needs at least 10 characters',
  password_too_long: 'The password is too long',
  password_common: 'This password is too common; choose another one',
  password_weak: 'This password is easy to guess; add more words or characters',
} as const;
export type RegistrationErrorCode = keyof typeof REGISTRATION_MESSAGES;
