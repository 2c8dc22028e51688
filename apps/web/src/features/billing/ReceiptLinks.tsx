import { useTranslation } from 'react-i18next';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { Distribution } from '@patio/core/schemas/billing';
import { downloadWithToken } from '../../app/api/downloadWithToken';
import { useSessionState } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import classes from './billing.module.css';

/** A receipt PDF for each payment that paid part of a debit (each credit once). */
export function ReceiptLinks({ distributions }: { distributions: Distribution[] }) {
  const credits = [...new Map(distributions.map((d) => [d.creditId, d.creditSequence])).entries()];
  return (
    <div className={`${classes.actions} ${classes.noPrint}`} style={{ marginTop: 12 }}>
      {credits.map(([creditId, sequence]) => (
        <ReceiptButton key={creditId} creditId={creditId} sequence={sequence} />
      ))}
    </div>
  );
}

/** Downloads one credit's receipt PDF (GET billing/credits/{id}/receipt.pdf, with the token). */
export function ReceiptButton({ creditId, sequence }: { creditId: number; sequence: number }) {
  const { t } = useTranslation();
  const baseUrl = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  return (
    <DownloadButton
      icon={<IconFileTypePdf size={18} aria-hidden="true" />}
      label={t('billing.receipt.download', { number: sequence })}
      busyLabel={t('billing.receipt.downloading')}
      failedText={t('billing.receipt.failed')}
      download={() => downloadWithToken({ baseUrl, token, path: `billing/credits/${creditId}/receipt.pdf`, fallbackName: t('billing.receipt.fileName', { number: sequence }) })}
    />
  );
}
