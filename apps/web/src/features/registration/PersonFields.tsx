import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField';
import { GenderField } from './fields';
import classes from './registration.module.css';

interface Names {
  firstName: string;
  lastName: string;
  lastName2: string;
  document: string;
  gender: '' | 'female' | 'male';
}

export interface PersonFieldsProps<T extends Names> {
  value: T;
  /** Path prefix of this person's fields ('' for the registering adult, 'children.0.' …). */
  prefix: string;
  errorOf: (path: string) => string | null;
  onChange: (change: Partial<T>) => void;
}

/** Names, document and gender: the fields every person of the registration has. */
export function PersonFields<T extends Names>({ value, prefix, errorOf, onChange }: PersonFieldsProps<T>) {
  const { t } = useTranslation();
  const text = (key: 'firstName' | 'lastName' | 'lastName2' | 'document', autoComplete?: string) => (
    <TextField
      label={t(`registration.${key}`)}
      value={value[key]}
      onChange={(event) => onChange({ [key]: event.currentTarget.value } as Partial<T>)}
      error={errorOf(`${prefix}${key}`)}
      autoComplete={prefix === '' ? autoComplete : 'off'}
      required={key !== 'lastName2'}
    />
  );
  return (
    <>
      <div className={classes.row}>
        {text('firstName', 'given-name')}
        {text('lastName', 'family-name')}
      </div>
      <div className={classes.row}>
        {text('lastName2')}
        {text('document')}
      </div>
      <GenderField
        legend={t('registration.gender')}
        value={value.gender}
        labels={{ female: t('person.female'), male: t('person.male') }}
        onChange={(gender) => onChange({ gender } as Partial<T>)}
      />
    </>
  );
}
