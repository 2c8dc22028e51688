import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, NativeSelect, TextInput } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypeXls } from '@tabler/icons-react';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import type { AttendanceReport } from '@patio/core/schemas/attendance';
import { downloadWithToken } from '../../app/api/downloadWithToken';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { useNodeOptions } from '../nodes';
import { percentOf } from './attendanceText';
import { reportQueryOf, useAttendanceReport, type ReportFilters } from './useAttendanceAdmin';
import classes from './attendance.module.css';

/** Below this rate a student's or group's attendance is shown in bold red (beside the number itself). */
const LOW_RATE = 0.9;

type Row = AttendanceReport['groups'][number] | AttendanceReport['students'][number];

/** Rates per group and per student over a period (the first of the month to today by default), and their CSV. */
export function RatesPanel({ today }: { today: string }) {
  const { t, i18n } = useTranslation();
  const baseUrl = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  const nodes = useNodeOptions();
  const [filters, setFilters] = useState<ReportFilters>({ from: `${today.slice(0, 8)}01`, to: today, node: '' });
  const isValid = filters.from !== '' && filters.to !== '' && filters.from <= filters.to;
  const report = useAttendanceReport(filters, isValid);
  const set = (part: Partial<ReportFilters>) => setFilters((old) => ({ ...old, ...part }));
  // The file's titles, CSV delimiter and decimal separator follow the interface language.
  const lang = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
  const csvQuery = new URLSearchParams({ ...reportQueryOf(filters), lang }).toString();

  return (
    <section className={classes.card} aria-labelledby="attendance-rates">
      <h2 id="attendance-rates">{t('attendance.admin.rates')}</h2>
      <div className={classes.filters}>
        <TextInput type="date" label={t('attendance.admin.from')} value={filters.from} max={filters.to || today} onChange={(event) => set({ from: event.currentTarget.value })} />
        <TextInput type="date" label={t('attendance.admin.to')} value={filters.to} min={filters.from || undefined} max={today} onChange={(event) => set({ to: event.currentTarget.value })} />
        <NativeSelect label={t('attendance.admin.group')} value={filters.node} data={[{ value: '', label: t('attendance.admin.allGroups') }, ...nodes]} onChange={(event) => set({ node: event.currentTarget.value })} />
        <div className={classes.exportCell}>
          <DownloadButton
            icon={<IconFileTypeCsv size={18} aria-hidden="true" />}
            label={t('attendance.admin.export')}
            busyLabel={t('attendance.admin.exporting')}
            failedText={t('attendance.admin.exportFailed')}
            buttonProps={{ fullWidth: true }}
            download={() => downloadWithToken({ baseUrl, token, path: `attendance/reports.csv?${csvQuery}`, fallbackName: t('attendance.admin.fileName', { from: filters.from, to: filters.to }) })}
          />
          <DownloadButton
            icon={<IconFileTypeXls size={18} aria-hidden="true" />}
            label={t('attendance.admin.exportXlsx')}
            busyLabel={t('attendance.admin.exporting')}
            failedText={t('attendance.admin.exportXlsxFailed')}
            buttonProps={{ fullWidth: true }}
            download={() =>
              downloadWithToken({
                baseUrl,
                token,
                path: `attendance/reports.csv?${csvQuery}&format=xlsx`,
                fallbackName: t('attendance.admin.fileName', { from: filters.from, to: filters.to }).replace(/\.csv$/, '.xlsx'),
              })
            }
          />
        </div>
      </div>
      {!isValid ? (
        <p className={classes.muted} role="alert">
          {t('attendance.admin.badPeriod')}
        </p>
      ) : report.isError ? (
        <RefusalMessage error={report.error} onRetry={() => void report.refetch()} resource="admin" />
      ) : !report.data ? (
        <Loader role="status" size="sm" aria-label={t('common.loading')} />
      ) : report.data.groups.length === 0 && report.data.students.length === 0 ? (
        <p className={classes.muted}>{t('attendance.admin.noData')}</p>
      ) : (
        <>
          <RateTable caption={t('attendance.admin.byGroup')} firstColumn={t('attendance.admin.group')} rows={report.data.groups} nameOf={(row) => ('node' in row ? row.node.name : '')} withStudents />
          <RateTable caption={t('attendance.admin.byStudent')} firstColumn={t('attendance.admin.name')} rows={report.data.students} nameOf={(row) => ('person' in row ? `${row.person.name}${row.group ? ` · ${row.group.name}` : ''}` : '')} />
        </>
      )}
    </section>
  );
}

interface RateTableProps {
  caption: string;
  firstColumn: string;
  rows: Row[];
  nameOf(row: Row): string;
  withStudents?: boolean;
}

function RateTable({ caption, firstColumn, rows, nameOf, withStudents = false }: RateTableProps) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  return (
    <div className={classes.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={classes.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            {/* The rate comes first after the name: on a phone it is in view without scrolling sideways. */}
            <th scope="col">{t('attendance.admin.rate')}</th>
            {withStudents && <th scope="col">{t('attendance.admin.students')}</th>}
            <th scope="col">{t('attendance.counters.present')}</th>
            <th scope="col">{t('attendance.counters.absent')}</th>
            <th scope="col">{t('attendance.counters.late')}</th>
            <th scope="col">{t('attendance.counters.excused')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={'node' in row ? `g${row.node.id}` : `p${row.person.id}`}>
              <th scope="row">{nameOf(row)}</th>
              <td className={row.rate !== null && row.rate < LOW_RATE ? classes.low : undefined}>{percentOf(row.rate, language)}</td>
              {withStudents && <td>{'students' in row ? row.students : ''}</td>}
              <td>{row.present}</td>
              <td>{row.absent}</td>
              <td>{row.late}</td>
              <td>{row.excused}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
