import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import { IconUsersGroup } from '@tabler/icons-react';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { localDateOf } from '@patio/core/calendar/times';
import { CLASSROOM_KINDS, MAX_TASK_POINTS, type ClassroomKind } from '@patio/core/schemas/classroom';
import type { ClassroomPart } from './useClassroomPart';
import classes from './classroomSection.module.css';

export interface ClassroomSectionProps {
  part: ClassroomPart;
  timeZone: string;
  relatives: boolean;
  onRelativesChange: (relatives: boolean) => void;
}

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The classroom mode's "to whom": the group's students (their families too, if chosen), the kind of
 * post and, for a task, its due date in the school's zone and optional points (issue 35 §4).
 */
export function ClassroomSection({ part, timeZone, relatives, onRelativesChange }: ClassroomSectionProps) {
  const { t, i18n } = useTranslation();
  const kindLabel = useId();
  const { fields, problems } = part;
  const locale = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
  const [today] = useState(() => localDateOf(Math.floor(Date.now() / 1000), timeZone));
  const dueError = problems.due ? t(`teaching.compose.${problems.due}`) : undefined;

  return (
    <Stack gap="md">
      <p className={classes.group}>
        <IconUsersGroup size={20} aria-hidden="true" />
        <span>{t('teaching.compose.to', { name: part.target.groupName })}</span>
      </p>
      <div>
        <Text size="sm" fw={500} id={kindLabel} mb={4}>
          {t('teaching.compose.kind')}
        </Text>
        <SegmentedControl
          aria-labelledby={kindLabel}
          value={fields.kind}
          onChange={(kind) => part.change({ ...fields, kind: kind as ClassroomKind })}
          data={CLASSROOM_KINDS.map((kind) => ({ value: kind, label: t(`teaching.kinds.${kind}`) }))}
          fullWidth
        />
      </div>
      {fields.kind === 'task' && (
        <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DatePickerInput
              label={t('teaching.compose.dueDay')}
              value={fields.dueDay || null}
              minDate={today}
              valueFormat="D MMM YYYY"
              onChange={(day) => part.change({ ...fields, dueDay: day ?? '' })}
              error={dueError}
              size="md"
              popoverProps={{ withinPortal: true }}
            />
            <TimeInput
              label={t('teaching.compose.dueTime')}
              value={fields.dueTime}
              onChange={(event) => part.change({ ...fields, dueTime: event.currentTarget.value })}
              error={dueError ? true : undefined}
              size="md"
            />
          </SimpleGrid>
          {deviceZone() !== timeZone && (
            <Text size="sm" c="dark.5" mt="xs">
              {t('teaching.compose.schoolZone', { zone: timeZone.replaceAll('_', ' ') })}
            </Text>
          )}
          <TextInput
            label={t('teaching.compose.points')}
            description={t('teaching.compose.pointsHint', { max: MAX_TASK_POINTS })}
            inputMode="numeric"
            value={fields.points}
            onChange={(event) => part.change({ ...fields, points: event.currentTarget.value })}
            error={problems.points ? t('teaching.compose.badPoints', { max: MAX_TASK_POINTS }) : undefined}
            size="md"
            mt="md"
            maw={360}
          />
        </DatesProvider>
      )}
      <Switch
        label={t('teaching.compose.relatives')}
        description={t('teaching.compose.relativesHint')}
        checked={relatives}
        onChange={(event) => onRelativesChange(event.currentTarget.checked)}
        size="md"
      />
    </Stack>
  );
}
