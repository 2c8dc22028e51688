import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import { IconCheck, IconFilter } from '@tabler/icons-react';
import type { Import } from '@patio/core/schemas/import';
import { BadRowsDownloads } from './BadRowsDownloads';
import classes from './import.module.css';

export interface ImportCommitProps {
  draft: Import;
  disabled: boolean;
  committing: boolean;
  onCommit: (options: { skipInvalid: boolean }) => void;
}

/**
 * Commit every row (only when none has errors), or only the rows without errors, leaving the
 * others out to download, fix and import again. A missing column cannot be left out.
 */
export function ImportCommit({ draft, disabled, committing, onCommit }: ImportCommitProps) {
  const { t } = useTranslation();
  const hasErrors = draft.errors.length > 0;
  const fileWide = draft.errors.some((e) => e.row === 0);
  const validRows = draft.rowCount - draft.invalidRowCount;
  return (
    <div className={classes.commit}>
      <div className={classes.fileRow}>
        <Button
          size="md"
          classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
          leftSection={<IconCheck size={18} aria-hidden="true" />}
          disabled={hasErrors || draft.rowCount === 0 || disabled}
          loading={committing}
          onClick={() => onCommit({ skipInvalid: false })}
          aria-describedby={hasErrors ? 'import-commit-note' : undefined}
        >
          {t('import.commit', { count: draft.rowCount })}
        </Button>
        {hasErrors && !fileWide && validRows > 0 && (
          <Button
            size="md"
            variant="default"
            classNames={{ root: classes.wrapButton, label: classes.wrapLabel }}
            leftSection={<IconFilter size={18} aria-hidden="true" />}
            disabled={disabled}
            onClick={() => onCommit({ skipInvalid: true })}
            aria-describedby="import-commit-valid-note"
          >
            {t('import.commitValid', { count: validRows })}
          </Button>
        )}
      </div>
      {hasErrors && (
        <Text id="import-commit-note" size="sm" c="dark.5" mt={6}>
          {t('import.fixFirst')}
        </Text>
      )}
      {hasErrors && !fileWide && validRows > 0 && (
        <Text id="import-commit-valid-note" size="sm" c="dark.5" mt={4}>
          {t('import.commitValidNote', { count: draft.invalidRowCount })}
        </Text>
      )}
      {hasErrors && <BadRowsDownloads draft={draft} />}
    </div>
  );
}
