import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconArrowBackUp, IconCircleDashed, IconClockExclamation, IconInbox } from '@tabler/icons-react';
import type { SubmissionStatus } from '@patio/core/schemas/classroom';
import classes from './teaching.module.css';

const ICONS = { assigned: IconCircleDashed, turned_in: IconInbox, late: IconClockExclamation, returned: IconArrowBackUp, missing: IconAlertTriangle };

/** A submission's status in words, with an icon and a colour that only repeat them. */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  const { t } = useTranslation();
  const Icon = ICONS[status];
  return (
    <span className={classes.status} data-status={status}>
      <Icon size={14} aria-hidden="true" />
      {t(`teaching.status.${status}`)}
    </span>
  );
}
