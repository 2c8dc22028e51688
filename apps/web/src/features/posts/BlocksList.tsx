import { useTranslation } from 'react-i18next';
import type { Post } from '@patio/core/schemas/posts';
import { BlockView } from '../../blocks/BlockView';
import classes from '../../blocks/blocks.module.css';

export interface BlocksListProps {
  blocks: Post['blocks'];
  /** The post the blocks belong to (a files block's folder and a form's audience hang from it). */
  postId: number;
}

/** A post's blocks in order (spec §2 post card), each drawn by its type's read view. */
export function BlocksList({ blocks, postId }: BlocksListProps) {
  const { t } = useTranslation();
  if (blocks.length === 0) return null;
  return (
    <ul className={classes.readList} aria-label={t('postCard.blocks.label')}>
      {blocks.map((block) => (
        <li key={block.id} className={classes.readItem}>
          <BlockView block={block} postId={postId} />
        </li>
      ))}
    </ul>
  );
}
