import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, NativeSelect, Paper, TextInput, Title } from '@mantine/core';
import type { NodeDetail, NodeType, SchoolNode } from '@patio/core/schemas/nodes';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { useSessionState } from '../../app/services';
import { pickName } from './nodeTree';
import { suggestNodeType } from './suggestNodeType';
import { useCreateNode } from './useNodes';
import classes from './groupTree.module.css';
import '../../ui/mantineStyles';

export interface AddNodeFormProps {
  /** The group the new one goes under; null for a top-level group. */
  parent: SchoolNode | null;
  /** The groups already known (to suggest the type). */
  nodes: readonly SchoolNode[];
  types: readonly NodeType[];
  onCreated: (node: NodeDetail) => void;
  onCancel: () => void;
}

/** Administrators add a group in place (issue 8): its name and type, under the chosen parent. */
export function AddNodeForm({ parent, nodes, types, onCreated, onCancel }: AddNodeFormProps) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const create = useCreateNode();
  const [name, setName] = useState('');
  const [typeId, setTypeId] = useState(() => suggestNodeType(nodes, parent, types));
  const [missing, setMissing] = useState(false);
  const title = parent ? t('groups.addTitle', { name: parent.name }) : t('groups.addRootTitle');
  const headingId = `add-group-${parent?.id ?? 'root'}`;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setMissing(trimmed === '');
    if (trimmed === '' || typeId === undefined) return;
    create.mutate({ parentId: parent?.id ?? null, typeId, name: trimmed }, { onSuccess: onCreated });
  };

  let error: string | null = missing ? t('groups.nameRequired') : null;
  if (!error && create.error) {
    const taken = create.error instanceof ApiError && create.error.code === 'node_name_taken';
    error = taken ? t('groups.nameTaken', { name: name.trim() }) : describeError(t, create.error);
  }

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="form"
      className={classes.form}
      aria-labelledby={headingId}
      onSubmit={handleSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      noValidate
    >
      <Title order={2} size="h5" id={headingId} mb="xs">
        {title}
      </Title>
      <div className={classes.formFields}>
        <TextInput
          label={t('groups.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={120}
          required
          data-autofocus
          autoFocus
          error={error}
        />
        <NativeSelect
          label={t('groups.type')}
          value={typeId === undefined ? '' : String(typeId)}
          onChange={(event) => setTypeId(Number(event.currentTarget.value))}
          data={types.map((type) => ({ value: String(type.id), label: pickName(type.singular, language) || type.key }))}
        />
      </div>
      <Group gap="xs" mt="sm">
        <Button type="submit" loading={create.isPending}>
          {t('groups.create')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Paper>
  );
}
