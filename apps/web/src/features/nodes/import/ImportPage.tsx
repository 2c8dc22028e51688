import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload, IconRefresh } from '@tabler/icons-react';
import type { Import } from '@patio/core/schemas/import';
import { ApiError } from '../../../app/api/ApiError';
import { Notice } from '../../../ui/Notice';
import { describeError } from '../../../app/api/describeError';
import { NodeFrame } from '../NodeFrame';
import { BadRowsDownloads } from './BadRowsDownloads';
import { ExpectedColumns } from './ExpectedColumns';
import { ImportCards } from './ImportCards';
import { ImportColumnList } from './ImportColumnList';
import { ImportCommit } from './ImportCommit';
import { ImportLayoutPicker } from './ImportLayoutPicker';
import { ImportPreview } from './ImportPreview';
import { ImportReport } from './ImportReport';
import { NameSplitReview } from './NameSplitReview';
import { describeRowError } from './rowProblems';
import { useImport } from './useImport';
import { useIsPhone } from './useIsPhone';
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

/**
 * /nodes/{nodeId}/import: the columns expected and a template; upload a CSV/XLSX, check the sheet,
 * header row, mapping and name split, fix the rows (a table on wide screens, a card per row on
 * phones), commit all rows or only the good ones, follow it, read the report.
 */
export const ImportPage = withDirectoryTerms(function ImportPage() {
  const { t } = useTranslation();
  const nodeId = Number(useParams().nodeId);
  const [importId, setImportId] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const isPhone = useIsPhone();
  const { current, upload, change, commit } = useImport(nodeId, importId, setImportId);
  const draft: Import | undefined = current.data;
  const busy = upload.isPending || change.isPending || commit.isPending;
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

  const shownRows = new Set(draft?.rowNumbers ?? draft?.rows.map((_, i) => i + 2) ?? []);
  // Problems the preview cannot show: the whole file (row 0) and rows past the preview.
  const otherErrors = draft?.errors.filter((e) => !shownRows.has(e.row)) ?? [];
  const warningCount = draft?.warnings?.length ?? 0;
  const failure = upload.error ?? change.error ?? commit.error;
  const skipped = done ? (draft.result?.skipped ?? 0) : 0;

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
          {(!draft || done) && <ExpectedColumns />}
          <div className={classes.fileRow} style={{ marginTop: 12 }}>
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
            <Stack gap="md">
              <ImportLayoutPicker
                draft={draft}
                disabled={busy || committing}
                onSheet={(sheet) => change.mutate({ sheet })}
                onHeaderRow={(headerRow) => change.mutate({ headerRow })}
              />
              <Text size="sm" c="dark.5">
                {t('import.mappingHint')}
              </Text>
              <div role="status">
                {draft.errors.length > 0 ? (
                  <Text c="red.9" fw={600}>
                    {t('import.errorCount', { count: draft.errors.length })}
                  </Text>
                ) : (
                  <Text c="#1f6f33" fw={600}>
                    {t('import.ready', { count: draft.rowCount })}
                  </Text>
                )}
                {warningCount > 0 && (
                  <Text c="#8a4b00" fw={600}>
                    {t('import.warningCount', { count: warningCount })}
                  </Text>
                )}
              </div>
              {otherErrors.length > 0 && (
                <ul className={classes.errorList} aria-label={t('import.otherProblems')}>
                  {otherErrors.map((error, i) => (
                    <li key={i}>
                      {error.row >= 1 ? `${t('import.row')} ${error.row}: ` : ''}
                      {describeRowError(t, error)}
                    </li>
                  ))}
                </ul>
              )}
              <NameSplitReview
                draft={draft}
                disabled={busy || committing}
                onOrder={(field, order) => change.mutate({ nameOrders: { [field]: order } })}
              />
              {isPhone ? (
                <>
                  <ImportColumnList draft={draft} disabled={busy || committing} onRemap={(mapping) => change.mutate({ mapping })} />
                  <ImportCards draft={draft} />
                </>
              ) : (
                <ImportPreview draft={draft} disabled={busy || committing} onRemap={(mapping) => change.mutate({ mapping })} />
              )}
              <ImportCommit draft={draft} disabled={busy || committing} committing={committing} onCommit={(options) => commit.mutate(options)} />
            </Stack>
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
        {skipped > 0 && (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-skipped">
            <Text id="import-skipped" fw={600}>
              {t('import.skippedNote', { count: skipped })}
            </Text>
            <BadRowsDownloads draft={draft!} />
          </Paper>
        )}
      </Stack>
    </NodeFrame>
  );
});
