import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../app/api/describeError';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import classes from '../../ui/PublicLayout.module.css';
import { PasswordStrength, usePasswordCheck } from '../registration';
import { findPasswordProblem, refusedPasswordCode } from './newPassword';

export interface NewPasswordFormProps {
  /** The person's names, username and email: a password built from them is refused. */
  userInputs: string[];
  passwordLabel: string;
  confirmationLabel: string;
  submitLabel: string;
  /** Sends the password; a rejection it throws is shown (the policy's words for 400 invalid_password). */
  onSubmit: (password: string) => Promise<void>;
}

/** A new password twice, with the live strength meter, checked by the shared policy before it is sent. */
export function NewPasswordForm({ userInputs, passwordLabel, confirmationLabel, submitLabel, onSubmit }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = usePasswordCheck(password, userInputs);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setFailure(null);
    const found = await findPasswordProblem(password, confirmation, userInputs);
    setErrors(found ? { [found.field]: t(`registration.errors.${found.problem}`) } : {});
    if (found) return;
    setBusy(true);
    try {
      await onSubmit(password);
    } catch (caught) {
      const code = refusedPasswordCode(caught);
      if (code) setErrors({ password: t(`registration.errors.${code}`) });
      else setFailure(describeError(t, caught));
      setBusy(false);
    }
  }

  return (
    <form className={classes.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
      <TextField
        type="password"
        label={passwordLabel}
        description={t('password.rule')}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={errors.password}
        autoComplete="new-password"
        showPasswordLabel={t('login.showPassword')}
        hidePasswordLabel={t('login.hidePassword')}
        required
      />
      <PasswordStrength check={check} showProblem={!errors.password} />
      <TextField
        type="password"
        label={confirmationLabel}
        value={confirmation}
        onChange={(event) => setConfirmation(event.currentTarget.value)}
        error={errors.confirmation}
        autoComplete="new-password"
        showPasswordLabel={t('login.showPassword')}
        hidePasswordLabel={t('login.hidePassword')}
        required
      />
      {failure && <Notice tone="error">{failure}</Notice>}
      <Button type="submit" loading={busy} fullWidth>
        {submitLabel}
      </Button>
    </form>
  );
}
