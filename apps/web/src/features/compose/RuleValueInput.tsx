import { useTranslation } from 'react-i18next';
import { NativeSelect, TextInput } from '@mantine/core';
import { useNodeOptions } from '../nodes';
import { labelOf } from '../people';
import { RULE_FIELDS, type RuleCondition } from './ruleModel';

export interface RuleValueInputProps {
  condition: RuleCondition;
  label: string;
  onChange: (value: string) => void;
}

/** The school's groups (GET nodes: staff only, so it is read only once a row asks for a group). */
function NodeValue({ condition, label, onChange }: RuleValueInputProps) {
  const { t } = useTranslation();
  const options = useNodeOptions();
  return (
    <NativeSelect
      label={label}
      value={condition.value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: t('compose.rules.pickGroup') }, ...options]}
    />
  );
}

/** The label of one of a field's choices (roles, enrollment statuses, genders, yes/no). */
function choiceLabel(t: ReturnType<typeof useTranslation>['t'], field: RuleCondition['field'], choice: string): string {
  if (field === 'role') return labelOf(t, 'roles', choice);
  if (field === 'enrollmentStatus') return labelOf(t, 'enrollment', choice);
  if (field === 'debtor') return t(`compose.rules.values.${choice}`);
  return t(`person.${choice}`);
}

// The input's attributes for a typed value: whole numbers, amounts (decimals after '.' or ','), or text.
const typedInputProps = {
  count: { type: 'number', inputMode: 'numeric', min: 0 },
  amount: { inputMode: 'decimal', maxLength: 20 },
  text: { maxLength: 200 },
} as const;

/** The value of a condition, in the input its field needs: a group, a choice, a text, a number or an amount. */
export function RuleValueInput(props: RuleValueInputProps) {
  const { t } = useTranslation();
  const { condition, label, onChange } = props;
  const spec = RULE_FIELDS[condition.field];
  if (spec.value === 'node') return <NodeValue {...props} />;
  if (spec.value === 'choice') {
    return (
      <NativeSelect
        label={label}
        value={condition.value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={[{ value: '', label: t('compose.rules.pickValue') }, ...spec.choices.map((choice) => ({ value: choice, label: choiceLabel(t, condition.field, choice) }))]}
      />
    );
  }
  return (
    <TextInput
      label={label}
      value={condition.value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...typedInputProps[spec.value]}
    />
  );
}
