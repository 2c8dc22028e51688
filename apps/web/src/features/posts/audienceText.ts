import type { TFunction } from 'i18next';

export interface AudienceFacts {
  audienceCount: number;
  authorId: number;
  /** The signed-in person; null while unknown. */
  callerId: number | null;
}

/**
 * Spec §6: exactly one recipient and the caller wrote it → "sent to one person"; exactly one and
 * someone else wrote it → "to me"; more → "to N people".
 */
export function audienceText(t: TFunction, { audienceCount, authorId, callerId }: AudienceFacts): string {
  if (audienceCount === 1) return callerId === authorId ? t('postCard.audience.sentToOne') : t('postCard.audience.toMe');
  if (audienceCount <= 0) return t('postCard.audience.none');
  return t('postCard.audience.toPeople', { count: audienceCount });
}
