import { useTranslation } from 'react-i18next';
import { Paper, Title } from '@mantine/core';
import type { ImportResult } from '@patio/core/schemas/import';
import { InviteFamiliesCallout } from '../../invitations';
import classes from './import.module.css';
import '../../../ui/mantineStyles';

const COUNTERS: Array<keyof ImportResult> = ['created', 'updated', 'unchanged', 'relativesCreated', 'relationshipsCreated', 'membershipsCreated', 'skipped'];

/** What a finished import did: created, updated, unchanged people, relatives, relationships, memberships, skipped rows. */
export function ImportReport({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-report" role="status">
      <Title order={2} size="h4" id="import-report" mb="sm">
        {t('import.reportTitle')}
      </Title>
      <dl className={classes.report}>
        {COUNTERS.filter((key) => typeof result[key] === 'number').map((key) => (
          <div key={key}>
            <dt>{t(`import.result.${key}`)}</dt>
            <dd>{result[key]}</dd>
          </div>
        ))}
      </dl>
      <InviteFamiliesCallout />
    </Paper>
  );
}
