import { useId, type SelectHTMLAttributes } from 'react';
import controls from '../../ui/controls.module.css';
import classes from './registration.module.css';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | null;
  options: Array<{ value: string; label: string }>;
  placeholder: string;
}

/** A labelled native select with its error tied to it (same look as TextField). */
export function SelectField({ label, error, options, placeholder, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={controls.field}>
      <label htmlFor={id} className={controls.label}>
        {label}
      </label>
      <select {...rest} id={id} className={controls.input} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={controls.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface GenderFieldProps {
  legend: string;
  value: '' | 'female' | 'male';
  labels: { female: string; male: string };
  onChange: (value: 'female' | 'male') => void;
}

/** spec §3: gender female or male, as two radio buttons in a fieldset. */
export function GenderField({ legend, value, labels, onChange }: GenderFieldProps) {
  const name = useId();
  return (
    <fieldset className={classes.radios}>
      <legend className={controls.label}>{legend}</legend>
      {(['female', 'male'] as const).map((option) => (
        <label key={option} className={classes.radio}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          {labels[option]}
        </label>
      ))}
    </fieldset>
  );
}

export interface DateFieldProps {
  label: string;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
}

/** A labelled native date picker (YYYY-MM-DD), never later than today. */
export function DateField({ label, value, error, onChange }: DateFieldProps) {
  const id = useId();
  return (
    <div className={controls.field}>
      <label htmlFor={id} className={controls.label}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={controls.input}
        value={value}
        max={new Date().toISOString().slice(0, 10)}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      />
      {error && (
        <p id={`${id}-error`} className={controls.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
