import { useMemo } from 'react';
import { usePostTypes, type PostTypeLook } from './usePostTypes';

/**
 * The post types the school hides from lists (spec §3 "visible or hidden in lists"), named in the
 * interface language; undefined until GET post-types answers. Their threads are under Hidden messages.
 */
export function useHiddenTypes(): PostTypeLook[] | undefined {
  const looks = usePostTypes();
  return useMemo(() => (looks ? [...looks.values()].filter((look) => !look.visible) : undefined), [looks]);
}
