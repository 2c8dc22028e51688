import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconCheck, IconFileSpreadsheet, IconFileUpload } from '@tabler/icons-react';
import type { BillingImport } from '@patio/core/schemas/billing';
import { downloadWithToken } from '../../app/api/downloadWithToken';
import { useSessionState } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { Notice } from '../../ui/Notice';
import { describeBillingError } from './billingErrors';
import { dayLabel, periodLabel } from './billingText';
import { importResultOf, useDebitImport } from './useBillingAdmin';
import { useMoney } from './useMoney';
import classes from './billing.module.css';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The preview: one row per debit of the file, what a commit will do with it, and its problems. */
function ImportPreviewTable({ preview }: { preview: BillingImport }) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useSessionState((s) => s.language);
  return (
    <div className={classes.tableWrap} tabIndex={0} role="group" aria-label={t('billing.import.previewTitle')}>
      <table className={classes.table}>
        <caption className={classes.srOnly}>{t('billing.import.previewTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.import.row')}</th>
            <th scope="col">{t('billing.debit.student')}</th>
            <th scope="col">{t('billing.import.debit')}</th>
            <th scope="col">{t('billing.debit.expirationDate')}</th>
            <th scope="col" className={classes.num}>
              {t('billing.import.total')}
            </th>
            <th scope="col">{t('billing.import.action')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.row} className={row.action === 'error' ? classes.rowError : undefined}>
              <th scope="row">{row.rows.length > 1 ? `${row.rows[0]}–${row.rows[row.rows.length - 1]}` : row.row}</th>
              <td>{row.student?.name ?? '—'}</td>
              <td>
                {periodLabel(row.period, language)} · {row.description}
                <div className={classes.rowMeta}>
                  {row.reference} · {row.concepts.map((c) => c.name).join(', ')}
                </div>
                {row.errors.length > 0 && (
                  <ul className={classes.errorList} aria-label={t('billing.import.rowProblems', { row: row.row })}>
                    {row.errors.map((error, index) => (
                      <li key={index}>
                        {error.column ? `${error.column}: ` : ''}
                        {t(`billing.import.errors.${error.code}`, { defaultValue: error.message })}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td>{dayLabel(row.expirationDate, language) || row.expirationDate}</td>
              <td className={classes.num}>{money(row.total, preview.currency)}</td>
              <td>
                <span className={classes.status} data-status={row.action === 'error' ? 'declined' : row.action === 'create' ? 'approved' : 'pending'}>
                  {t(`billing.import.actions.${row.action}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Staff: the template, a CSV/XLSX of debits, its preview with per-row problems, and the commit. */
export function DebitImportPanel() {
  const { t } = useTranslation();
  const baseUrl = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  const language = useSessionState((s) => s.language);
  const fileInput = useRef<HTMLInputElement>(null);
  const { upload, commit } = useDebitImport();
  const preview = upload.data;
  const result = importResultOf(commit.data);
  const lang = language?.startsWith('es') ? 'es' : 'en';
  const failure = upload.error ?? commit.error;

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) {
      commit.reset();
      upload.mutate(file);
    }
  };

  return (
    <div className={classes.page}>
      <section className={classes.card} aria-labelledby="billing-import-file">
        <h2 id="billing-import-file">{t('billing.import.title')}</h2>
        <p className={classes.muted}>{t('billing.import.intro')}</p>
        <div className={classes.actions} style={{ marginTop: 12 }}>
          <input ref={fileInput} type="file" accept={ACCEPT} hidden onChange={handleFile} aria-label={t('billing.import.choose')} />
          <Button leftSection={<IconFileUpload size={18} aria-hidden="true" />} loading={upload.isPending} onClick={() => fileInput.current?.click()}>
            {t('billing.import.choose')}
          </Button>
          <DownloadButton
            icon={<IconFileSpreadsheet size={18} aria-hidden="true" />}
            label={t('billing.import.template')}
            failedText={t('billing.import.templateFailed')}
            download={() => downloadWithToken({ baseUrl, token, path: `billing/imports/template.xlsx?lang=${lang}`, fallbackName: t('billing.import.templateName') })}
          />
        </div>
      </section>
      {failure && <Notice tone="error">{describeBillingError(t, failure)}</Notice>}
      {preview && (
        <section className={classes.card} aria-labelledby="billing-import-preview">
          <h2 id="billing-import-preview">{preview.fileName}</h2>
          <p className={classes.muted}>{t('billing.import.counts', { create: preview.counts.create, update: preview.counts.update, unchanged: preview.counts.unchanged, error: preview.counts.error })}</p>
          <ImportPreviewTable preview={preview} />
          {result ? (
            <Notice>{t('billing.import.done', { created: result.created, updated: result.updated, unchanged: result.unchanged, skipped: result.skipped })}</Notice>
          ) : (
            <Button mt="md" leftSection={<IconCheck size={18} aria-hidden="true" />} loading={commit.isPending} disabled={preview.counts.create + preview.counts.update === 0} onClick={() => commit.mutate(preview.id)}>
              {preview.counts.error > 0 ? t('billing.import.commitGood', { count: preview.counts.create + preview.counts.update }) : t('billing.import.commit', { count: preview.counts.create + preview.counts.update })}
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
