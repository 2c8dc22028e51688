import { useTranslation } from 'react-i18next';
import { IconArrowBackUp, IconCircleCheck, IconCircleX, IconClockHour4, IconHourglass, IconStar } from '@tabler/icons-react';
import type { RequestStatus } from '@patio/core/schemas/activities';
import classes from './activities.module.css';

const ICONS = { pending: IconClockHour4, waiting: IconHourglass, offered: IconStar, accepted: IconCircleCheck, rejected: IconCircleX, withdrawn: IconArrowBackUp } as const;

/** A request's state in words and with an icon as well as in colour: "En lista de espera, puesto 2". */
export function RequestStatusBadge({ status, position }: { status: RequestStatus; position: number | null }) {
  const { t } = useTranslation();
  const Icon = ICONS[status];
  const text = status === 'waiting' ? (position ? t('activities.status.waiting', { position }) : t('activities.status.waitingNoPosition')) : t(`activities.status.${status}`);
  return (
    <span className={`${classes.status} ${classes[status]}`}>
      <Icon size={16} aria-hidden="true" />
      {text}
    </span>
  );
}
