import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconArrowBackUp, IconCircleCheck, IconCircleDashed, IconClockExclamation, type Icon } from '@tabler/icons-react';
import type { SubmissionStatus } from '@patio/core/schemas/classroom';
import classes from './classroom.module.css';

const ICONS: Record<SubmissionStatus, Icon> = {
  assigned: IconCircleDashed,
  turned_in: IconCircleCheck,
  late: IconClockExclamation,
  returned: IconArrowBackUp,
  missing: IconAlertCircle,
};

/** A submission's status in words, with its own icon and colour (never by colour alone). */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  const { t } = useTranslation();
  const StatusIcon = ICONS[status];
  return (
    <span className={classes.status} data-status={status}>
      <StatusIcon size={14} aria-hidden="true" />
      {t(`classroom.statuses.${status}`)}
    </span>
  );
}
