import { createElement } from 'react';
import type { IconProps } from '@tabler/icons-react';
import { postTypeIcon } from './postTypeIcons';

export interface PostTypeIconProps extends IconProps {
  /** The Tabler name the post type stores. */
  icon: string | null | undefined;
  type: string;
}

/** A post type's icon, drawn from the bundled set (postTypeIcons.ts). */
export function PostTypeIcon({ icon, type, ...props }: PostTypeIconProps) {
  return createElement(postTypeIcon(icon, type), props);
}
