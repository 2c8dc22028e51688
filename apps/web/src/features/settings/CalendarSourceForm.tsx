import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { Notice } from '../../ui/Notice';
import { useNodeOptions } from '../nodes';
import { describeSourceError } from './calendarSourceErrors';
import type { CalendarSourceDraft } from './useCalendarSources';

export interface CalendarSourceFormProps {
  busy: boolean;
  error: unknown;
  onAdd: (draft: CalendarSourceDraft, onAdded: () => void) => void;
}

const SCHOOL = '';
const ADDRESS = /^(https?|webcal):\/\/\S+$/i;

/** Adds an external ICS calendar: a name, its address and whose calendar it joins (the whole school by default). */
export function CalendarSourceForm({ busy, error, onAdd }: CalendarSourceFormProps) {
  const { t } = useTranslation();
  const nodes = useNodeOptions();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [node, setNode] = useState(SCHOOL);
  const [tried, setTried] = useState(false);
  const nameError = tried && name.trim() === '' ? t('calendarSettings.sources.nameRequired') : undefined;
  const urlError = tried && !ADDRESS.test(url.trim()) ? t('calendarSettings.sources.urlInvalid') : undefined;

  const handleAdd = () => {
    setTried(true);
    if (name.trim() === '' || !ADDRESS.test(url.trim())) return;
    onAdd({ name: name.trim(), url: url.trim(), nodeId: node === SCHOOL ? null : Number(node) }, () => {
      setName('');
      setUrl('');
      setNode(SCHOOL);
      setTried(false);
    });
  };

  return (
    <Stack gap="sm">
      <TextInput label={t('calendarSettings.sources.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={200} error={nameError} size="md" />
      <TextInput
        label={t('calendarSettings.sources.url')}
        description={t('calendarSettings.sources.urlHint')}
        descriptionProps={{ c: 'dark.5' }}
        type="url"
        inputMode="url"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        maxLength={2000}
        error={urlError}
        size="md"
      />
      <NativeSelect
        label={t('calendarSettings.sources.audience')}
        description={t('calendarSettings.sources.audienceHint')}
        descriptionProps={{ c: 'dark.5' }}
        value={node}
        onChange={(event) => setNode(event.currentTarget.value)}
        data={[{ value: SCHOOL, label: t('calendarSettings.sources.wholeSchool') }, ...nodes]}
        size="md"
      />
      {error !== null && <Notice tone="error">{describeSourceError(t, error)}</Notice>}
      <div>
        <Button onClick={handleAdd} loading={busy} leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}>
          {busy ? t('calendarSettings.sources.checking') : t('calendarSettings.sources.add')}
        </Button>
      </div>
    </Stack>
  );
}
