import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { downloadWithToken } from '../../app/api/downloadWithToken';
import { useSessionState } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { todayDay } from './billingText';
import classes from './billing.module.css';

/** The account statement PDF of a person (or family) between two days; this year so far by default. */
export function StatementDownload({ personId }: { personId: number }) {
  const { t } = useTranslation();
  const baseUrl = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  const today = todayDay();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();

  return (
    <section className={`${classes.card} ${classes.noPrint}`} aria-labelledby="billing-statement-title">
      <h2 id="billing-statement-title">{t('billing.statement.title')}</h2>
      <div className={classes.filters}>
        <TextInput type="date" label={t('billing.statement.from')} value={from} max={to || undefined} onChange={(event) => setFrom(event.currentTarget.value)} />
        <TextInput type="date" label={t('billing.statement.to')} value={to} min={from || undefined} onChange={(event) => setTo(event.currentTarget.value)} />
        <DownloadButton
          icon={<IconFileTypePdf size={18} aria-hidden="true" />}
          label={t('billing.statement.download')}
          busyLabel={t('billing.statement.downloading')}
          failedText={t('billing.statement.failed')}
          download={() => downloadWithToken({ baseUrl, token, path: `people/${personId}/billing/statement.pdf${query ? `?${query}` : ''}`, fallbackName: t('billing.statement.fileName', { id: personId }) })}
        />
      </div>
    </section>
  );
}
