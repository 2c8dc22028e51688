import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconFileUpload, IconRefresh } from '@tabler/icons-react';
import type { Import } from '@patio/core/schemas/import';
import { ApiError } from '../../../app/api/ApiError';
import { Notice } from '../../../ui/Notice';
import { describeError } from '../../../app/api/describeError';
import { NodeFrame } from '../NodeFrame';
import { describeRowError, ImportPreview } from './ImportPreview';
import { ImportReport } from './ImportReport';
import { useImport } from './useImport';
import classes from './import.module.css';
import '../../../ui/mantineStyles';
import { withDirectoryTerms } from '../../../app/i18n/withDirectoryTerms';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The message of a refused upload or commit: the server's own words for bad files, else a generic one. */
function failureOf(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return t('people.notAllowedBody');
  if (error instanceof ApiError && (error.status === 400 || error.status === 413 || error.status === 409)) {
    const code = error.code;
    const message = (error.body as { message?: string } | null)?.message;
    return t(`import.fileErrors.${code ?? 'invalid'}`, { defaultValue: message ?? t('import.fileErrors.invalid') });
  }
  return describeError(t, error);
}

/** /nodes/{nodeId}/import: upload a CSV/XLSX, map its columns, fix the rows, commit, follow it, read the report. */
export const ImportPage = withDirectoryTerms(function ImportPage() {
  const { t } = useTranslation();
  const nodeId = Number(useParams().nodeId);
  const [importId, setImportId] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { current, upload, remap, commit } = useImport(nodeId, importId, setImportId);
  const draft: Import | undefined = current.data;
  const busy = upload.isPending || remap.isPending || commit.isPending;
  const committing = draft?.status === 'committing' || commit.isPending;
  const done = draft?.status === 'done';

  // Once people are in, the node's members and the directory are out of date.
  const client = useQueryClient();
  useEffect(() => {
    if (!done) return;
    void client.invalidateQueries({ queryKey: ['node', nodeId, 'members'] });
    void client.invalidateQueries({ queryKey: ['node', nodeId], exact: true });
    void client.invalidateQueries({ queryKey: ['people'] });
  }, [done, client, nodeId]);

  function handleFile(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) upload.mutate(file);
  }

  const shownRows = draft?.rows.length ?? 0;
  // Problems the table cannot show: the whole file (row 0) and rows past the preview.
  const otherErrors = draft?.errors.filter((e) => e.row < 2 || e.row > shownRows + 1) ?? [];
  const failure = upload.error ?? remap.error ?? commit.error;

  return (
    <NodeFrame nodeId={nodeId}>
      <Stack gap="md">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-file">
          <Title order={2} size="h4" id="import-file" mb="xs">
            {t('import.fileTitle')}
          </Title>
          <Text size="sm" c="dark.5" mb="sm">
            {t('import.fileHint')}
          </Text>
          <div className={classes.fileRow}>
            <input ref={fileInput} type="file" accept={ACCEPT} onChange={handleFile} hidden aria-hidden="true" tabIndex={-1} />
            <Button
              leftSection={draft && !done ? <IconRefresh size={18} aria-hidden="true" /> : <IconFileUpload size={18} aria-hidden="true" />}
              onClick={() => fileInput.current?.click()}
              loading={upload.isPending}
              disabled={committing || busy}
              variant={draft && !done ? 'default' : 'filled'}
            >
              {draft && !done ? t('import.chooseAgain') : t('import.choose')}
            </Button>
            {draft && <Text size="sm">{t('import.fileName', { name: draft.fileName, count: draft.rowCount })}</Text>}
          </div>
        </Paper>

        {failure && <Notice tone="error">{failureOf(t, failure)}</Notice>}

        {draft && !done && (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-preview">
            <Title order={2} size="h4" id="import-preview" mb="xs">
              {t('import.previewTitle')}
            </Title>
            <Text size="sm" c="dark.5" mb="sm">
              {t('import.mappingHint')}
            </Text>
            <div role="status" style={{ marginBottom: 12 }}>
              {draft.errors.length > 0 ? (
                <Text c="red.9" fw={600}>
                  {t('import.errorCount', { count: draft.errors.length })}
                </Text>
              ) : (
                <Text c="green.9" fw={600}>
                  {t('import.ready', { count: draft.rowCount })}
                </Text>
              )}
            </div>
            {otherErrors.length > 0 && (
              <ul className={classes.errorList} aria-label={t('import.otherProblems')} style={{ marginBottom: 12 }}>
                {otherErrors.map((error, i) => (
                  <li key={i}>{error.row >= 2 ? `${t('import.row')} ${error.row}: ` : ''}{describeRowError(t, error)}</li>
                ))}
              </ul>
            )}
            <ImportPreview draft={draft} disabled={busy || committing} onRemap={(mapping) => remap.mutate(mapping)} />
            <Button
              mt="md"
              size="md"
              leftSection={<IconCheck size={18} aria-hidden="true" />}
              disabled={draft.errors.length > 0 || draft.rowCount === 0 || busy || committing}
              loading={committing}
              onClick={() => commit.mutate()}
              aria-describedby={draft.errors.length > 0 ? 'import-commit-note' : undefined}
            >
              {t('import.commit', { count: draft.rowCount })}
            </Button>
            {draft.errors.length > 0 && (
              <Text id="import-commit-note" size="sm" c="dark.5" mt={6}>
                {t('import.fixFirst')}
              </Text>
            )}
          </Paper>
        )}

        {draft?.status === 'committing' && (
          <Paper withBorder p="md" radius="md" component="section" aria-label={t('import.progressTitle')}>
            <Text mb="xs">{t('import.progress', { processed: draft.progress.processed, total: draft.progress.total })}</Text>
            <Progress
              value={draft.progress.total > 0 ? (100 * draft.progress.processed) / draft.progress.total : 0}
              size="lg"
              animated
              aria-label={t('import.progressTitle')}
            />
          </Paper>
        )}

        {done && draft.result && <ImportReport result={draft.result} />}
      </Stack>
    </NodeFrame>
  );
});
