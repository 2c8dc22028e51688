import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';
import classes from './controls.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'subtle' | 'danger';
  loading?: boolean;
  fullWidth?: boolean;
  leftIcon?: ReactNode;
}

/**
 * A light button for the screens that must load fast (the first screens carry no component library);
 * it matches the Mantine theme used by the rest of the app.
 */
export function Button({ variant = 'primary', loading = false, fullWidth = false, leftIcon, children, disabled, className, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={[classes.button, classes[variant], fullWidth ? classes.fullWidth : '', className ?? ''].join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner /> : leftIcon}
      <span>{children}</span>
    </button>
  );
}
