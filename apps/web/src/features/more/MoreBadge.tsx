import { useTranslation } from 'react-i18next';
import type { MoreEntry } from './moreMenu';
import { usePendingRegistrationCount } from './usePendingRegistrationCount';
import classes from './MorePage.module.css';

/** The number beside an entry of More (families waiting for a decision); nothing while none wait. */
export function MoreBadge({ kind }: { kind: NonNullable<MoreEntry['badge']> }) {
  const { t } = useTranslation();
  const pending = usePendingRegistrationCount(kind === 'pendingRegistrations');
  const count = pending.data ?? 0;
  if (count === 0) return null;
  return (
    <span className={classes.badge}>
      {' '}
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className={classes.visuallyHidden}>{`(${t('moreBadge.pendingRegistrations', { count })})`}</span>
    </span>
  );
}
