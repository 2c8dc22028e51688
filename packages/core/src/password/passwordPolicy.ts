import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// The one password policy (issue: security of people and registration), used by the server for every
// password that is set and by the web for live feedback. Kept out of the core index on purpose: the
// common-password dictionary is large, so screens load it lazily through `@patio/core/password/passwordPolicy`.

/** Shortest password accepted. */
export const MIN_PASSWORD_LENGTH = 10;
/** Longest password accepted (scrypt input stays bounded). */
export const MAX_PASSWORD_LENGTH = 1024;
/** zxcvbn score (0–4) a password needs. */
export const MIN_PASSWORD_SCORE = 2;

/** Why a password is refused; each has a message in the directory dictionaries. */
export type PasswordProblem = 'password_too_short' | 'password_too_long' | 'password_common' | 'password_weak';

export interface PasswordCheck {
  ok: boolean;
  problem: PasswordProblem | null;
  /** 0 (guessable in seconds) … 4 (very strong). */
  score: 0 | 1 | 2 | 3 | 4;
  /** zxcvbn warning key (e.g. "common", "straightRow"), or null: translated by the screens. */
  warning: string | null;
  /** zxcvbn suggestion keys (e.g. "useWords", "capitalization"). */
  suggestions: string[];
}

let factory: ZxcvbnFactory | null = null;
let commonPasswords: Set<string> | null = null;

function zxcvbn(): ZxcvbnFactory {
  // Translations are left as plain keys so each screen shows them in its own language.
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory;
}

/** True when the password (case-insensitively) is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/**
 * Checks a new password: at least 10 characters, not a common password, and not guessable from
 * patterns or the person's own names, document or email (`userInputs`).
 */
export function checkPassword(password: string, userInputs: string[] = []): PasswordCheck {
  // Scoring a huge input is slow: cap what zxcvbn sees (the length rule catches the rest).
  const result = zxcvbn().check(password.slice(0, 100), userInputs.filter(Boolean));
  const score = result.score as PasswordCheck['score'];
  const feedback = { warning: result.feedback.warning || null, suggestions: result.feedback.suggestions ?? [] };
  let problem: PasswordProblem | null = null;
  if (password.length < MIN_PASSWORD_LENGTH) problem = 'password_too_short';
  else if (password.length > MAX_PASSWORD_LENGTH) problem = 'password_too_long';
  else if (isCommonPassword(password)) problem = 'password_common';
  else if (score < MIN_PASSWORD_SCORE) problem = 'password_weak';
  return { ok: problem === null, problem, score, ...feedback };
}
