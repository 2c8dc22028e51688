import { useTranslation } from 'react-i18next';
import type { ThreadSummary } from '@patio/core/schemas/posts';
import type { PostTypeLook } from '../posts';
import type { PostTypeKey } from '@patio/core/schemas/posts';
import { ThreadRow } from './ThreadRow';
import classes from './threads.module.css';

export interface ThreadListProps {
  threads: ThreadSummary[];
  total: number;
  looks: ReadonlyMap<PostTypeKey, PostTypeLook> | undefined;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
}

/** The threads of a folder with a box to select every loaded one. */
export function ThreadList({ threads, total, looks, selected, onToggle, onToggleAll }: ThreadListProps) {
  const { t } = useTranslation();
  const selectedHere = threads.filter((thread) => selected.has(thread.id)).length;
  const allSelected = threads.length > 0 && selectedHere === threads.length;
  return (
    <>
      <div className={classes.listHead}>
        <label className={classes.selectAll}>
          <input
            type="checkbox"
            checked={allSelected}
            ref={(input) => {
              if (input) input.indeterminate = selectedHere > 0 && !allSelected;
            }}
            onChange={onToggleAll}
          />
          <span>{t('threads.list.selectAll')}</span>
        </label>
        <span className={classes.total} aria-live="polite">
          {t('threads.list.count', { count: total })}
        </span>
      </div>
      <ul className={classes.list} aria-label={t('threads.list.label')}>
        {threads.map((thread) => (
          <ThreadRow key={thread.id} thread={thread} look={looks?.get(thread.type)} isSelected={selected.has(thread.id)} onToggle={onToggle} />
        ))}
      </ul>
    </>
  );
}
