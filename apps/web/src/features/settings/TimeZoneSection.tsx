import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, Paper, Select, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { Notice } from '../../ui/Notice';
import { timeZoneOptions } from './timeZoneOptions';
import { useSchoolTimeZoneSetting } from './useSchoolTimeZoneSetting';
import classes from './settings.module.css';

/** For administrators: the zone whose wall clock the school's events are written and shown in. */
export function TimeZoneSection() {
  const { t } = useTranslation();
  const { current, query, save } = useSchoolTimeZoneSetting();
  // null: no pick yet, the select shows the school's zone.
  const [picked, setPicked] = useState<string | null>(null);
  const options = useMemo(() => timeZoneOptions(current), [current]);
  const value = picked ?? current;

  const handleSave = () => {
    if (value) save.mutate(value, { onSuccess: () => setPicked(null) });
  };
  const failure = save.error instanceof ApiError && save.error.code === 'invalid_time_zone' ? t('calendarSettings.timeZone.invalid') : describeError(t, save.error);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-time-zone">
      <Title order={2} size="h4" id="settings-time-zone" mb={4}>
        {t('calendarSettings.timeZone.title')}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t('calendarSettings.timeZone.hint')}
      </Text>
      {query.isPending ? (
        <Loader role="status" size="sm" aria-label={t('common.loading')} />
      ) : (
        <Group gap="xs" align="end">
          <Select
            label={t('calendarSettings.timeZone.label')}
            data={options}
            value={value}
            onChange={(zone) => {
              setPicked(zone);
              save.reset();
            }}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('calendarSettings.timeZone.nothingFound')}
            limit={50}
            size="md"
            className={classes.zoneSelect}
            comboboxProps={{ withinPortal: true }}
          />
          <Button onClick={handleSave} disabled={!value || value === current} loading={save.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />} size="md">
            {t('calendarSettings.timeZone.save')}
          </Button>
        </Group>
      )}
      {save.isSuccess && <Notice>{t('calendarSettings.timeZone.saved', { zone: current })}</Notice>}
      {save.isError && <Notice tone="error">{failure}</Notice>}
    </Paper>
  );
}
