import { useTranslation } from 'react-i18next';
import { ActionIcon, NativeSelect } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { offeredFields, RULE_FIELDS, withField, type RuleCondition, type RuleField } from './ruleModel';
import { RuleValueInput } from './RuleValueInput';
import classes from './compose.module.css';

export interface RuleRowProps {
  condition: RuleCondition;
  /** Position in the list, from 1: names the row's controls for screen readers. */
  index: number;
  /** Billing staff may select people by billing fields (debtor, debit, price). */
  mayUseBilling: boolean;
  onChange: (condition: RuleCondition) => void;
  onRemove: () => void;
}

/** One condition of the rule: field, comparison, value (spec §3 Person-selection conditions). */
export function RuleRow({ condition, index, mayUseBilling, onChange, onRemove }: RuleRowProps) {
  const { t } = useTranslation();
  const ops: readonly string[] = RULE_FIELDS[condition.field].ops;
  return (
    <li className={classes.ruleRow}>
      <NativeSelect
        label={t('compose.rules.field', { index })}
        value={condition.field}
        onChange={(event) => onChange(withField(condition, event.currentTarget.value as RuleField))}
        data={offeredFields(condition.field, mayUseBilling).map((field) => ({ value: field, label: t(`compose.rules.fields.${field}`) }))}
      />
      <NativeSelect
        label={t('compose.rules.comparison', { index })}
        value={condition.op}
        onChange={(event) => onChange({ ...condition, op: event.currentTarget.value as RuleCondition['op'] })}
        data={ops.map((op) => ({ value: op, label: t(`compose.rules.ops.${op}`) }))}
      />
      <RuleValueInput condition={condition} label={t('compose.rules.value', { index })} onChange={(value) => onChange({ ...condition, value })} />
      <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={t('compose.rules.remove', { index })} className={classes.ruleRemove}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </li>
  );
}
