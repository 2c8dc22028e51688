import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryLanguageOf } from '@patio/core/i18n/index';
import { describeError } from '../../app/api/describeError';
import { useServices, useSessionState } from '../../app/services';

/**
 * Asking for a mailed link (a password reset or a sign-in link): a username or email in, POST `path`
 * out. The server answers alike whether or not an account matches, so `sent` only means "asked".
 * `emptyMessage` is the field's error when nothing was typed.
 */
export function useMailedLinkRequest(path: 'password-resets' | 'sign-in-links', emptyMessage: string, initialLogin = '') {
  const { t } = useTranslation();
  const { api } = useServices();
  const language = useSessionState((s) => s.language);
  const [login, setLogin] = useState(initialLogin);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setFailure(null);
    const typed = login.trim();
    setError(typed ? null : emptyMessage);
    if (!typed) return;
    setBusy(true);
    try {
      await api.post(path, { login: typed, language: dictionaryLanguageOf(language) });
      setSent(true);
    } catch (caught) {
      setFailure(describeError(t, caught));
    } finally {
      setBusy(false);
    }
  }

  return { login, setLogin, error, failure, busy, sent, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}
