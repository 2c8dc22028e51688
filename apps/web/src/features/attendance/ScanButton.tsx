import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import classes from './scan.module.css';

// The dialog, the camera loop and the QR decoder load only when someone scans.
const ScanDialog = lazy(() => import('./ScanDialog'));

export interface ScanButtonProps {
  nodeId: number;
  groupName: string;
}

/** "Escanear carné" on a roll that may be marked today: opens the scan dialog (issue 36 §3). */
export function ScanButton({ nodeId, groupName }: ScanButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <div className={classes.openCell}>
      <Button variant="light" fullWidth leftSection={<IconQrcode size={18} aria-hidden="true" />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('attendance.scan.open')}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <ScanDialog nodeId={nodeId} groupName={groupName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
