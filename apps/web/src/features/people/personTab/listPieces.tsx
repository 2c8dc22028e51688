import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatPostDate } from '@patio/core/format/dates';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import type { PostType } from '@patio/core/schemas/posts';
import { isRefusal } from '../../../app/api/ApiError';
import { useServices } from '../../../app/services';
import classes from './personTab.module.css';

// The posts area imports people (avatars), so people may not import it back (no-area-cycles): these
// are the two small pieces of it the tab's lists need, over the same data.

/**
 * GET post-types as type → name in the interface language. Same cache entry as the posts area's
 * usePostTypes (['postTypes']), so the list asks nothing the inbox has already asked.
 */
export function usePostTypeNames(): ReadonlyMap<string, string> | undefined {
  const { api } = useServices();
  const { i18n } = useTranslation();
  const language = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
  const query = useQuery({
    queryKey: ['postTypes'],
    queryFn: ({ signal }) => api.get<PostType[]>('post-types', { signal }),
    staleTime: 10 * 60_000,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
  return useMemo(() => (query.data ? new Map(query.data.map((type) => [type.type, type.names?.[language]?.singular ?? type.singular])) : undefined), [query.data, language]);
}

/** A post's kind as a small label; the raw kind until the school's names arrive. */
export function TypeLabel({ type, names }: { type: string; names: ReadonlyMap<string, string> | undefined }) {
  return <span className={classes.typeLabel}>{names?.get(type) ?? type}</span>;
}

/** A post's date by spec §9 (within 6 days "hace 3 horas", else the date); the exact moment on hover. */
export function ListDate({ date, className }: { date: string; className?: string }) {
  const { i18n } = useTranslation();
  const [now] = useState(() => Date.now());
  let text: string;
  let exact: string;
  try {
    text = formatPostDate(date, Math.max(now, Date.parse(date)), i18n.language);
    exact = formatDateTime(date, i18n.language);
  } catch {
    return null;
  }
  return (
    <time dateTime={date} title={exact} className={className}>
      {text}
    </time>
  );
}
