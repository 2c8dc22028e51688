import { useMemo } from 'react';
import { sanitizeHtml } from './sanitizeHtml';
import classes from './posts.module.css';

export interface PostHtmlProps {
  html: string;
  /** Shorter, clamped text for quotes and lists. */
  compact?: boolean;
  /** The language of the text, when it may differ from the interface's (screen readers pronounce it so). */
  lang?: string;
}

/** A post's HTML description, sanitised again in the browser before it is shown. */
export function PostHtml({ html, compact = false, lang }: PostHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim()) return null;
  return <div lang={lang} className={compact ? `${classes.html} ${classes.htmlCompact}` : classes.html} dangerouslySetInnerHTML={{ __html: clean }} />;
}
