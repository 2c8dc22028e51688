import { useTranslation } from 'react-i18next';
import type { FormField } from '@patio/core/schemas/blocks';
import { answerText, fieldLabel } from './answerText';
import classes from './form.module.css';

export interface RecordAnswersProps {
  fields: FormField[];
  values: Record<string, string | number>;
  className?: string;
}

/** A person's answers, question by question, in the form's order (spec §4: shown instead of the form once answered). */
export function RecordAnswers({ fields, values, className }: RecordAnswersProps) {
  const { t } = useTranslation();
  return (
    <dl className={className ? `${classes.answers} ${className}` : classes.answers}>
      {fields.map((field, index) => {
        const text = answerText(t, field, values[field.name]);
        return (
          <div key={field.name}>
            <dt>{fieldLabel(t, field, index + 1)}</dt>
            <dd className={text === null ? classes.muted : undefined}>{text ?? t('blocks.form.noAnswer')}</dd>
          </div>
        );
      })}
    </dl>
  );
}
