import { ApiError } from '../../app/api/ApiError';
import { loadPasswordPolicy } from '../registration';

/** What is wrong with a new password, as a code of the registration form's errors (translated by the screens). */
export type NewPasswordProblem = 'password_required' | 'passwords_mismatch' | 'password_too_short' | 'password_too_long' | 'password_common' | 'password_weak';

/**
 * The shared policy's verdict before sending (offline, without the policy, only presence and the
 * repetition are checked and the server decides), against the person's own names, username and email.
 */
export async function findPasswordProblem(password: string, confirmation: string, userInputs: string[]): Promise<{ field: 'password' | 'confirmation'; problem: NewPasswordProblem } | null> {
  if (password.trim() === '') return { field: 'password', problem: 'password_required' };
  const policy = await loadPasswordPolicy().catch(() => null);
  const problem = policy?.checkPassword(password, userInputs).problem ?? null;
  if (problem) return { field: 'password', problem };
  if (confirmation !== password) return { field: 'confirmation', problem: 'passwords_mismatch' };
  return null;
}

/** The policy code of a 400 invalid_password answer (details[0].code), or null for any other failure. */
export function refusedPasswordCode(error: unknown): NewPasswordProblem | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.code !== 'invalid_password') return null;
  const code = (error.body as { details?: { code?: string }[] } | null)?.details?.[0]?.code;
  return (code ?? 'password_weak') as NewPasswordProblem;
}
