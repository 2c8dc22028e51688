import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../app/services';
import { useSignedInId } from '../../app/session/useSignedInId';
import { teachingGroupsOf } from '../attendance';
import { useTeaching } from '../teaching';
import { unreadTotal, useHiddenUnreadCount, useMessageTypes } from '../threads';
import type { ModuleBadgeKind } from './useOpenModules';
import { usePendingRegistrationCount } from './usePendingRegistrationCount';
import classes from './MorePage.module.css';

interface CountProps {
  count: number;
  /** What the number means, read after the module's name. */
  label: string;
  className?: string;
}

/** A number in a red pill, and what it counts for screen readers; nothing while it is 0. */
function Count({ count, label, className }: CountProps) {
  if (count <= 0) return null;
  return (
    <span className={className ?? classes.badge}>
      {' '}
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className={classes.visuallyHidden}>{`(${label})`}</span>
    </span>
  );
}

type BadgeProps = { className?: string };

function PendingRegistrations({ className }: BadgeProps) {
  const { t } = useTranslation();
  const count = usePendingRegistrationCount(true).data ?? 0;
  return <Count count={count} label={t('moreBadge.pendingRegistrations', { count })} className={className} />;
}

function InboxUnread({ className }: BadgeProps) {
  const { t } = useTranslation();
  const count = unreadTotal(useMessageTypes(useSignedInId()).data);
  return <Count count={count} label={t('threads.unreadBadge', { count })} className={className} />;
}

function HiddenUnread({ className }: BadgeProps) {
  const { t } = useTranslation();
  const count = useHiddenUnreadCount(useSignedInId(), true).data ?? 0;
  return <Count count={count} label={t('hiddenThreads.unreadBadge', { count })} className={className} />;
}

function ToReviewCount({ personId, className }: BadgeProps & { personId: number }) {
  const { t } = useTranslation();
  // GET teaching/{me}: each group counts its turn-ins not yet returned (the review queue itself stops at 200).
  const count = (useTeaching(personId).data?.groups ?? []).reduce((sum, group) => sum + group.toReview, 0);
  return <Count count={count} label={t('launcher.toReview', { count })} className={className} />;
}

/** Turn-ins waiting for a teacher; only those who teach a group ask for them. */
function ToReview({ className }: BadgeProps) {
  const me = useSignedInId();
  const isTeacher = useSessionState((s) => teachingGroupsOf(s.user).length > 0);
  return isTeacher && me !== null ? <ToReviewCount personId={me} className={className} /> : null;
}

const BADGES: Record<ModuleBadgeKind, (props: BadgeProps) => ReactElement | null> = {
  pendingRegistrations: PendingRegistrations,
  inboxUnread: InboxUnread,
  hiddenUnread: HiddenUnread,
  toReview: ToReview,
};

/**
 * The number beside a module in More and on the launcher (how many wait for the person); nothing while
 * none wait. Each kind asks only its own count, and only where its module is shown.
 */
export function MoreBadge({ kind, className }: { kind: ModuleBadgeKind; className?: string }) {
  const Badge = BADGES[kind];
  return <Badge className={className} />;
}
