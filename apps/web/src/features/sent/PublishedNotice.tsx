import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@patio/core/format/dateTimes';
import type { Published } from '@patio/core/schemas/posts';
import { Notice } from '../../ui/Notice';

/** What publishing just did: sent to N people, or scheduled for its date. */
export function PublishedNotice({ published }: { published: Published }) {
  const { t, i18n } = useTranslation();
  const text = published.scheduled
    ? t('sentPosts.justScheduled', { count: published.audienceCount, date: formatDateTime(published.publishDate, i18n.language, { dateStyle: 'medium' }) })
    : t('sentPosts.justPublished', { count: published.audienceCount });
  return <Notice>{text}</Notice>;
}
