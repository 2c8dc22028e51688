import { createElement, type CSSProperties } from 'react';
import { postTypeIcon } from '../posts';
import classes from './postTypes.module.css';

/** A post type's icon on a disc of its colour (decorative: the name is always beside it). */
export function TypeIcon({ icon, type, color, size = 36 }: { icon: string; type: string; color: string; size?: number }) {
  const style = { '--type-color': /^#[0-9a-f]{6}$/i.test(color) ? color : '#495057', width: size, height: size } as CSSProperties;
  return (
    <span className={classes.typeIcon} style={style} aria-hidden="true">
      {/* The icon is looked up, not created: one of the bundled Tabler components. */}
      {createElement(postTypeIcon(icon, type), { size: Math.round(size * 0.55), stroke: 1.8 })}
    </span>
  );
}
