import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { PasswordCheck } from '@patio/core/password/passwordPolicy';

type PasswordPolicy = typeof import('@patio/core/password/passwordPolicy');

let policy: Promise<PasswordPolicy> | null = null;

/**
 * The shared password policy, fetched on first use: its common-password dictionary is far too large
 * for the first screens (bench/first-screen-size.mjs). A failed fetch is tried again next time.
 */
export function loadPasswordPolicy(): Promise<PasswordPolicy> {
  policy ??= import('@patio/core/password/passwordPolicy').catch((error: unknown) => {
    policy = null;
    throw error;
  });
  return policy;
}

/**
 * Checks a password as it is typed: null while the policy loads, or while nothing is typed. The policy
 * is fetched at the first typed character, not when the screen opens: settings show a password form
 * that most visits never touch (issue 32).
 */
export function usePasswordCheck(password: string, userInputs: string[]): PasswordCheck | null {
  const [checkPassword, setCheckPassword] = useState<PasswordPolicy['checkPassword'] | null>(null);
  const wanted = password !== '';
  useEffect(() => {
    if (!wanted) return undefined;
    let current = true;
    loadPasswordPolicy()
      .then((loaded) => current && setCheckPassword(() => loaded.checkPassword))
      // Offline: no live meter; the server still checks the password when the form is sent.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted]);
  // Scoring runs on every keystroke; deferring it keeps typing smooth on slow phones.
  const typed = useDeferredValue(password);
  const inputsKey = userInputs.join('\n');
  return useMemo(
    () => (checkPassword && typed ? checkPassword(typed, inputsKey.split('\n')) : null),
    [checkPassword, typed, inputsKey],
  );
}
