import { registrationPasswordInputs } from '@patio/core';
import { REGISTRATION_MESSAGES } from '@patio/core/registration/messages';
import { checkPassword, type PasswordProblem } from '@patio/core/password/passwordPolicy';
import type { Database } from '../../db/database';
import { revokeLoginTokens } from './auth.queries';
import { setPasswordHash, type AccountRow } from './credentials.queries';
import { hashPassword } from './password';

// Every route that sets a password (the welcome screen of an invitation, a password reset) weighs it
// with the one policy of @patio/core, against the person's own names, username, document and email,
// and answers a refusal like the registration form does: 400 with the field, a stable code and the
// English text, which the web translates by code.

export type NewPasswordProblem = PasswordProblem | 'password_required';

/** A refused new password: routes answer it as 400 invalid_password (see passwordRejectionBody). */
export class PasswordRejected extends Error {
  constructor(readonly problem: NewPasswordProblem) {
    super(REGISTRATION_MESSAGES[problem]);
  }
}

/** The 400 body of a refused password, shaped like the registration form's errors. */
export function passwordRejectionBody(err: PasswordRejected) {
  return {
    error: 'invalid_password',
    message: err.message,
    details: [{ path: 'password', code: err.problem, message: err.message }],
  };
}

/** What a person's password must not be built from. */
export function passwordInputsOf(person: Pick<AccountRow, 'first_name' | 'last_name' | 'last_name2' | 'document' | 'email' | 'username'>): string[] {
  const inputs = registrationPasswordInputs(
    { firstName: person.first_name, lastName: person.last_name, lastName2: person.last_name2, document: person.document ?? undefined },
    person.email ?? '',
  );
  return person.username ? [...inputs, person.username] : inputs;
}

/** Throws PasswordRejected unless the policy accepts `password` for this person. */
export function assertAcceptablePassword(password: string | undefined, person: Parameters<typeof passwordInputsOf>[0]): string {
  if (!password || password.trim() === '') throw new PasswordRejected('password_required');
  const { problem } = checkPassword(password, passwordInputsOf(person));
  if (problem) throw new PasswordRejected(problem);
  return password;
}

/**
 * Stores a new password (hashed before the caller's transaction: scrypt is slow) and revokes the
 * person's outstanding password-reset links: a password set by any route makes them pointless.
 */
export async function storeNewPassword(trx: Database, orgId: number, personId: number, passwordHash: string): Promise<void> {
  await setPasswordHash(trx, orgId, personId, passwordHash);
  await revokeLoginTokens(trx, orgId, [personId], 'password_reset');
}

export { hashPassword };
