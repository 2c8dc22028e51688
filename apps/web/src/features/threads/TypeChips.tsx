import { useTranslation } from 'react-i18next';
import type { MessageType, PostTypeKey } from '@patio/core/schemas/posts';
import { PostTypeIcon } from '../posts';
import classes from './threads.module.css';

export interface TypeChipsProps {
  types: readonly MessageType[];
  selected: PostTypeKey | '';
  /** Unread counts belong to the inbox; the other folders show the types alone. */
  showUnread: boolean;
  onSelect: (type: PostTypeKey | '') => void;
}

/**
 * The inbox grouped by message type (spec §3 Message type): "All", then each type that has unread
 * threads (or is the one chosen) with its count. Every type stays reachable in the filter panel.
 */
export function TypeChips({ types, selected, showUnread, onSelect }: TypeChipsProps) {
  const { t } = useTranslation();
  const shown = types.filter((type) => type.id === selected || (showUnread && type.unread > 0));
  if (shown.length === 0) return null;
  return (
    <div role="group" aria-label={t('threads.types.label')} className={classes.typeChips}>
      <button type="button" className={classes.typeChip} aria-pressed={selected === ''} onClick={() => onSelect('')}>
        {t('threads.types.all')}
      </button>
      {shown.map((type) => {
        const isSelected = type.id === selected;
        return (
          <button key={type.id} type="button" className={classes.typeChip} aria-pressed={isSelected} onClick={() => onSelect(isSelected ? '' : type.id)}>
            <PostTypeIcon icon={type.icon} type={type.id} size={16} aria-hidden="true" style={{ color: /^#[0-9a-f]{6}$/i.test(type.color) ? type.color : undefined }} />
            <span>{type.plural}</span>
            {showUnread && type.unread > 0 && (
              <span className={classes.count}>
                <span aria-hidden="true">{type.unread > 99 ? '99+' : type.unread}</span>
                <span className={classes.visuallyHidden}>{` (${t('threads.types.unread', { count: type.unread })})`}</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
