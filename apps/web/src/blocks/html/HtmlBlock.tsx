import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { PostHtml } from '../../features/posts/PostHtml';
import { Notice } from '../../ui/Notice';
import { idInUrl } from '../blockUrl';
import type { BlockViewProps } from '../types';
import { useHtmlMedia } from './useHtmlMedia';

// The editor (Tiptap) loads only when an author edits; readers get the sanitised HTML alone.
const HtmlEditor = lazy(() => import('./HtmlEditor').then((m) => ({ default: m.HtmlEditor })));

/** The html block (spec §3 HTML media): sanitised again when shown (DESIGN), edited with the rich-text editor. */
export function HtmlBlock({ block, mode }: BlockViewProps) {
  const { t } = useTranslation();
  const id = idInUrl(block.url, 'media/html');
  const media = useHtmlMedia(id);
  if (id === null) return null;
  if (media.isPending) return <Loader role="status" size="xs" aria-label={t('common.loading')} />;
  if (media.isError) return mode === 'edit' ? <Notice tone="error">{t('blocks.html.loadFailed')}</Notice> : null;
  if (mode === 'edit') {
    return (
      <Suspense fallback={<Loader role="status" size="xs" aria-label={t('common.loading')} />}>
        <HtmlEditor key={id} id={id} initialHtml={media.data.body} />
      </Suspense>
    );
  }
  return <PostHtml html={media.data.body} />;
}
