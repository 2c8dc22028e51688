import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { PersonRow } from './PersonRow';
import type { PersonCard } from '@patio/core/schemas/people';
import classes from './people.module.css';

const ROW_HEIGHT = 64;

export interface VirtualPeopleListProps {
  people: PersonCard[];
  total: number;
  label: string;
  hasMore: boolean;
  onLoadMore: () => void;
}

/**
 * Only the rows in view are in the page, so thousands of people scroll smoothly; the next page is
 * asked for when the last loaded rows come near. Screen readers get each row's position in the total.
 */
export function VirtualPeopleList({ people, total, label, hasMore, onLoadMore }: VirtualPeopleListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => setScrollMargin(listRef.current?.offsetTop ?? 0), []);

  const virtualizer = useWindowVirtualizer({
    count: people.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
    initialRect: { width: 390, height: typeof window === 'undefined' ? 800 : window.innerHeight },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1].index : -1;

  useEffect(() => {
    if (hasMore && lastIndex >= people.length - 15) onLoadMore();
  }, [hasMore, lastIndex, people.length, onLoadMore]);

  return (
    <ul ref={listRef} className={classes.list} aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const person = people[item.index];
        return (
          <li
            key={person.id}
            className={classes.row}
            aria-setsize={total}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`, height: ROW_HEIGHT }}
          >
            <PersonRow person={person} />
          </li>
        );
      })}
    </ul>
  );
}
