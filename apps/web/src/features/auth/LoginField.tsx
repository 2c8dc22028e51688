import { TextField } from '../../ui/TextField';

interface LoginFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/** The username-or-email field of the screens that mail a link (a password reset, a sign-in link). */
export function LoginField({ label, value, onChange, error }: LoginFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={320}
      required
    />
  );
}
