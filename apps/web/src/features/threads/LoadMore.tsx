import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import classes from './threads.module.css';

export interface LoadMoreProps {
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
}

/**
 * The end of an endless list: the next page comes as it scrolls into view, and the button stays for
 * keyboards, screen readers and browsers without IntersectionObserver.
 */
export function LoadMore({ hasMore, isLoading, onLoadMore }: LoadMoreProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!hasMore || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className={classes.loadMore}>
      <Button variant="default" loading={isLoading} onClick={onLoadMore}>
        {t('threads.list.loadMore')}
      </Button>
    </div>
  );
}
