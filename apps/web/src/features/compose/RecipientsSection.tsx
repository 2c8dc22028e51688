import { useTranslation } from 'react-i18next';
import { Button, Stack, Switch, Text, Title } from '@mantine/core';
import type { Audience, PostTypeKey } from '@patio/core/schemas/posts';
import { Notice } from '../../ui/Notice';
import { ClassShortcuts } from './ClassShortcuts';
import { PeoplePicker } from './PeoplePicker';
import { RecipientSummary } from './RecipientSummary';
import { RuleBuilder } from './RuleBuilder';
import type { RuleDraft } from './ruleModel';
import classes from './compose.module.css';

export interface RecipientsSectionProps {
  audience: Audience;
  /** The post's type: one meant for families warns when it reaches no relative. */
  postType: PostTypeKey;
  onPeopleChange: (people: number[]) => void;
  onRelativesChange: (relatives: boolean) => void;
  me: number | null;
  /** Staff: school-wide people search, rules and relatives; families choose among their contacts only. */
  isStaff: boolean;
  ruleDraft: RuleDraft | null;
  onRuleDraftChange: (draft: RuleDraft) => void;
  /** Spec §5: shown once publishing found nobody to send to. */
  showMissing: boolean;
}

/** Who receives the post: people by name, people by conditions, and optionally their relatives. */
export function RecipientsSection({ audience, postType, onPeopleChange, onRelativesChange, me, isStaff, ruleDraft, onRuleDraftChange, showMissing }: RecipientsSectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {/* The publish bar announces it; here it marks the place to fix. */}
      {showMissing && (
        <Text c="red.8" fw={500}>
          {t('compose.mustSelectRecipients')}
        </Text>
      )}
      {isStaff && (
        <ClassShortcuts
          ruleDraft={ruleDraft}
          relatives={audience.relatives}
          onPick={(draft, relatives) => {
            onRuleDraftChange(draft);
            onRelativesChange(relatives);
          }}
        />
      )}
      <section aria-labelledby="compose-people">
        <Title order={3} size="h5" id="compose-people" mb={4}>
          {t('compose.people.title')}
        </Title>
        <PeoplePicker selected={audience.people} onChange={onPeopleChange} me={me} mayBrowse={isStaff} />
      </section>
      {isStaff && (
        <section aria-labelledby="compose-rules">
          <Title order={3} size="h5" id="compose-rules" mb={4}>
            {t('compose.rules.title')}
          </Title>
          <Text size="sm" c="gray.7" mb="xs">
            {t('compose.rules.hint')}
          </Text>
          {ruleDraft ? (
            <RuleBuilder draft={ruleDraft} onChange={onRuleDraftChange} includeRelatives={audience.relatives} />
          ) : (
            <div className={classes.rules}>
              <Notice>{t('compose.rules.unsupported')}</Notice>
              <Button variant="default" onClick={() => onRuleDraftChange({ match: 'and', conditions: [] })}>
                {t('compose.rules.clear')}
              </Button>
            </div>
          )}
        </section>
      )}
      {/* Relatives are for staff only (docs/decisions/010): families address people one by one. */}
      {isStaff && (
        <Switch
          label={t('compose.relatives')}
          description={t('compose.relativesHint')}
          checked={audience.relatives}
          onChange={(event) => onRelativesChange(event.currentTarget.checked)}
          size="md"
        />
      )}
      <RecipientSummary me={me} audience={audience} postType={postType} />
    </Stack>
  );
}
