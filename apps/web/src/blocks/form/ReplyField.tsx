import { useTranslation } from 'react-i18next';
import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { FORM_TEXT_MAX, FORM_TEXTAREA_MAX, type FormField } from '@patio/core/schemas/blocks';
import { selectChoices } from '@patio/core/blocks/formRecord';
import { fieldLabel } from './answerText';

export interface ReplyFieldProps {
  field: FormField;
  number: number;
  value: string | number | undefined;
  /** The select was changed and is back at its empty choice (spec §5: blocks sending). */
  isMissingChoice: boolean;
  disabled: boolean;
  onChange: (value: string | number) => void;
}

/** One question of a reply, drawn by its type; a list starts at an empty choice and carries an asterisk. */
export function ReplyField({ field, number, value, isMissingChoice, disabled, onChange }: ReplyFieldProps) {
  const { t } = useTranslation();
  const label = fieldLabel(t, field, number);
  const description = field.description.trim() || undefined;
  if (field.type === 'select') {
    const choices = selectChoices(field);
    return (
      <NativeSelect
        label={label}
        description={description}
        withAsterisk
        aria-required
        disabled={disabled}
        value={typeof value === 'string' ? value : ''}
        data={[{ value: '', label: t('blocks.form.reply.choose') }, ...choices.map((c) => ({ value: c, label: c }))]}
        error={isMissingChoice ? t('blocks.form.reply.chooseOne') : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  if (field.type === 'checkbox') {
    return <Checkbox label={label} description={description} disabled={disabled} checked={value === 1} onChange={(event) => onChange(event.currentTarget.checked ? 1 : 0)} />;
  }
  const text = typeof value === 'string' ? value : '';
  if (field.type === 'textarea') {
    return <Textarea label={label} description={description} disabled={disabled} value={text} maxLength={FORM_TEXTAREA_MAX} autosize minRows={3} maxRows={12} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
  return <TextInput label={label} description={description} disabled={disabled} value={text} maxLength={FORM_TEXT_MAX} onChange={(event) => onChange(event.currentTarget.value)} />;
}
