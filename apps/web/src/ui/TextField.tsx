import { useId, useState, type InputHTMLAttributes } from 'react';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import classes from './controls.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string | null;
  description?: string;
  type?: 'text' | 'password' | 'email' | 'search';
  /** Accessible names of the show/hide toggle of a password field. */
  showPasswordLabel?: string;
  hidePasswordLabel?: string;
}

/** A labelled input with its error announced and tied to the field (aria-invalid, aria-describedby). */
export function TextField({ label, error, description, type = 'text', showPasswordLabel, hidePasswordLabel, id, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [revealed, setRevealed] = useState(false);
  const describedBy = [description ? `${inputId}-description` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ');
  const isPassword = type === 'password';

  return (
    <div className={classes.field}>
      <label htmlFor={inputId} className={classes.label}>
        {label}
      </label>
      {description && (
        <p id={`${inputId}-description`} className={classes.description}>
          {description}
        </p>
      )}
      <div className={classes.inputWrap}>
        <input
          {...rest}
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          className={classes.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {isPassword && showPasswordLabel && (
          <button
            type="button"
            className={classes.reveal}
            onClick={() => setRevealed((r) => !r)}
            aria-label={revealed ? hidePasswordLabel : showPasswordLabel}
            aria-pressed={revealed}
          >
            {revealed ? <IconEyeOff size={20} aria-hidden="true" /> : <IconEye size={20} aria-hidden="true" />}
          </button>
        )}
      </div>
      {error && (
        <p id={`${inputId}-error`} className={classes.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
