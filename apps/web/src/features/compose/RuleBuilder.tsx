import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SegmentedControl, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { AudiencePreview } from './AudiencePreview';
import { newCondition, toAudienceRule, type RuleDraft, type RuleMatch } from './ruleModel';
import { RuleRow } from './RuleRow';
import classes from './compose.module.css';

export interface RuleBuilderProps {
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  includeRelatives: boolean;
}

// Asked of POST allowed: billing fields are for billing staff (decision 019), the same people as the debtors list.
const BILLING_STAFF_PATH = 'billing/debtors';

/** Recipients by conditions (spec §2 compose, §3 Person-selection conditions), with the live count. */
export function RuleBuilder({ draft, onChange, includeRelatives }: RuleBuilderProps) {
  const { t } = useTranslation();
  const matchLabelId = useId();
  const mayUseBilling = useAllowedPaths([BILLING_STAFF_PATH])?.[BILLING_STAFF_PATH] === true;
  const { conditions } = draft;
  const replace = (index: number, next: RuleDraft['conditions'][number]) => onChange({ ...draft, conditions: conditions.map((c, i) => (i === index ? next : c)) });

  return (
    <div className={classes.rules}>
      {conditions.length > 1 && (
        <div>
          <Text size="sm" fw={500} id={matchLabelId} mb={4}>
            {t('compose.rules.match')}
          </Text>
          <SegmentedControl
            aria-labelledby={matchLabelId}
            value={draft.match}
            onChange={(match) => onChange({ ...draft, match: match as RuleMatch })}
            data={[
              { value: 'and', label: t('compose.rules.matchAll') },
              { value: 'or', label: t('compose.rules.matchAny') },
            ]}
          />
        </div>
      )}
      {conditions.length > 0 && (
        <ol className={classes.ruleList} aria-label={t('compose.rules.conditions')}>
          {conditions.map((condition, index) => (
            <RuleRow
              key={condition.id}
              condition={condition}
              index={index + 1}
              mayUseBilling={mayUseBilling}
              onChange={(next) => replace(index, next)}
              onRemove={() => onChange({ ...draft, conditions: conditions.filter((c) => c.id !== condition.id) })}
            />
          ))}
        </ol>
      )}
      <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => onChange({ ...draft, conditions: [...conditions, newCondition()] })} className={classes.addRule}>
        {conditions.length === 0 ? t('compose.rules.addFirst') : t('compose.rules.add')}
      </Button>
      {conditions.length > 0 && <AudiencePreview rule={toAudienceRule(draft)} includeRelatives={includeRelatives} />}
    </div>
  );
}
