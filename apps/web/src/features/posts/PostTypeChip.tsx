import type { CSSProperties } from 'react';
import { PostTypeIcon } from './PostTypeIcon';
import type { PostTypeLook } from './usePostTypes';
import classes from './posts.module.css';

export interface PostTypeChipProps {
  look: Pick<PostTypeLook, 'type' | 'singular' | 'icon' | 'color'>;
  size?: 'sm' | 'md';
}

/**
 * The kind of a post as a small chip: the type's colour marks the icon and the edge, the name stays
 * dark on a pale tint of it so it reads on any colour a school picks.
 */
export function PostTypeChip({ look, size = 'md' }: PostTypeChipProps) {
  const style = { '--type-color': /^#[0-9a-f]{6}$/i.test(look.color) ? look.color : '#495057' } as CSSProperties;
  return (
    <span className={classes.typeChip} data-size={size} style={style}>
      <PostTypeIcon icon={look.icon} type={look.type} size={size === 'sm' ? 14 : 16} stroke={2} aria-hidden="true" className={classes.typeIcon} />
      <span>{look.singular}</span>
    </span>
  );
}
