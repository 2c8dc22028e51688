import { TOOLBAR_HIDE_THRESHOLD_PX } from '@patio/core/constants';

export interface ToolbarScroll {
  visible: boolean;
  lastY: number;
}

/**
 * Spec §2: the toolbar hides when the page scrolls down beyond 23 px and comes back as soon as it
 * scrolls up. Within the first 23 px it always shows.
 */
export function nextToolbarScroll(previous: ToolbarScroll, y: number, threshold = TOOLBAR_HIDE_THRESHOLD_PX): ToolbarScroll {
  if (y <= threshold) return { visible: true, lastY: y };
  if (y > previous.lastY) return { visible: false, lastY: y };
  if (y < previous.lastY) return { visible: true, lastY: y };
  return previous;
}
