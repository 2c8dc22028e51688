import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NativeSelect, Text, Title } from '@mantine/core';
import { IconCheck, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useNodeOptions, useNodeTree } from '../nodes';
import { groupOfDraft, shortcutDraft, shortcutOf, type GroupShortcut, type RuleDraft } from './ruleModel';
import classes from './compose.module.css';

export interface ClassShortcutsProps {
  ruleDraft: RuleDraft | null;
  relatives: boolean;
  onPick: (draft: RuleDraft, relatives: boolean) => void;
}

/**
 * Issue 33 item 1: a group's families (or its students and families) in one tap, instead of building
 * the rule row by row. The group is the one picked here, else the one the rule's rows already name.
 */
export function ClassShortcuts({ ruleDraft, relatives, onPick }: ClassShortcutsProps) {
  const { t } = useTranslation();
  const options = useNodeOptions();
  // The groups' plain names, from the same GET nodes answer useNodeOptions reads (its options carry
  // indentation and the type's name): one request, shared.
  const tree = useNodeTree();
  const [picked, setPicked] = useState('');
  const group = picked || groupOfDraft(ruleDraft);
  const name = tree.data?.nodes.find((node) => String(node.id) === group)?.name;
  const current = shortcutOf(ruleDraft, relatives);
  // Families and students have no groups in their care (GET nodes answers 403): nothing to offer.
  if (options.length === 0) return null;

  const shortcut = (kind: GroupShortcut, label: string, icon: ReactNode) => {
    const isOn = current?.shortcut === kind && current.nodeId === group;
    return (
      <Button
        variant={isOn ? 'filled' : 'light'}
        // The chosen one shows a check as well as its fill: the state never rests on colour alone.
        leftSection={isOn ? <IconCheck size={18} aria-hidden="true" /> : icon}
        aria-pressed={isOn}
        onClick={() => {
          const next = shortcutDraft(kind, group);
          onPick(next.draft, next.relatives);
        }}
      >
        {label}
      </Button>
    );
  };

  return (
    <section aria-labelledby="compose-shortcuts">
      <Title order={3} size="h5" id="compose-shortcuts" mb={4}>
        {t('composeAudience.shortcutsTitle')}
      </Title>
      <Text size="sm" c="gray.7" mb="xs">
        {t('composeAudience.shortcutsHint')}
      </Text>
      <div className={classes.shortcuts}>
        <NativeSelect
          label={t('composeAudience.group')}
          value={group}
          onChange={(event) => setPicked(event.currentTarget.value)}
          data={[{ value: '', label: t('composeAudience.pickGroup') }, ...options]}
          maw={360}
        />
        {group !== '' && name !== undefined && (
          <div className={classes.shortcutButtons}>
            {shortcut('families', t('composeAudience.familiesOf', { group: name }), <IconUsersGroup size={18} aria-hidden="true" />)}
            {shortcut('studentsAndFamilies', t('composeAudience.studentsAndFamiliesOf', { group: name }), <IconUsers size={18} aria-hidden="true" />)}
          </div>
        )}
      </div>
    </section>
  );
}
