import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DEFAULT_TIME_ZONE } from '@patio/core/calendar/times';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { formatFullName } from '@patio/core/people/displayName';
import type { PostAuthor } from '@patio/core/schemas/posts';
import { useSessionState } from '../../app/services';

/**
 * A moment (a due date, a turn-in) as the school's clock reads it, in the interface language: a due
 * date is the school's "Friday 23:59", not the phone's.
 */
export function useFormatMoment(): (moment: string) => string {
  const { i18n } = useTranslation();
  const zone = useSessionState((s) => (typeof s.settings?.timeZone === 'string' && s.settings.timeZone) || DEFAULT_TIME_ZONE);
  return useCallback(
    (moment: string) => {
      try {
        return formatDateTime(moment, i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
      } catch {
        return moment;
      }
    },
    [i18n.language, zone],
  );
}

/** "9 / 10", or the grade alone for a task without points; null before there is a grade. */
export function gradeText(t: TFunction, grade: number | null, points: number | null): string | null {
  if (grade === null) return null;
  return points === null ? t('classroom.post.gradeOnly', { grade }) : t('classroom.post.gradeOf', { grade, points });
}

/** An author's name as post cards write it. */
export const authorName = (t: TFunction, author: PostAuthor) => formatFullName(author) || t('postCard.unnamed');

/** A post without a title still needs words for its link. */
export const titleOf = (t: TFunction, title: string) => title.trim() || t('classroom.untitled');
