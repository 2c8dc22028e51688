import { validateRegistration as checkRegistrationForm, type RegistrationFieldError, type ValidRegistration } from '@patio/core';
import { checkPassword } from '@patio/core/password/passwordPolicy';

// The rules live once in @patio/core (the web runs the same function before sending); the server adds
// what only it knows: the school's courses, and the password policy always loaded.

export type FieldError = RegistrationFieldError;
export type { ValidRegistration };

/**
 * Checks the §3 registration form against the §5 rules. `courses` are the ids a family may choose.
 * Answers the typed form when every field is right, and the field errors otherwise (database checks come after).
 */
export function validateRegistration(body: unknown, courses: ReadonlySet<number>): { form: ValidRegistration | null; errors: FieldError[] } {
  return checkRegistrationForm(body, { courses, checkPassword });
}
