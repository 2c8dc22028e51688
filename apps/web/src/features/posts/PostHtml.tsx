import { useMemo } from 'react';
import { sanitizeHtml } from './sanitizeHtml';
import classes from './posts.module.css';

export interface PostHtmlProps {
  html: string;
  /** Shorter, clamped text for quotes and lists. */
  compact?: boolean;
}

/** A post's HTML description, sanitised again in the browser before it is shown. */
export function PostHtml({ html, compact = false }: PostHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim()) return null;
  return <div className={compact ? `${classes.html} ${classes.htmlCompact}` : classes.html} dangerouslySetInnerHTML={{ __html: clean }} />;
}
