import { LOADING_INDICATOR_DELAY_MS } from '@patio/core/constants';
import { useDelayedFlag } from './useDelayedFlag';
import classes from './PageShell.module.css';

export interface LoadingBarProps {
  active: boolean;
  label: string;
  delayMs?: number;
}

/** A thin indeterminate bar that appears only for work lasting longer than 100 ms (spec §9). */
export function LoadingBar({ active, label, delayMs = LOADING_INDICATOR_DELAY_MS }: LoadingBarProps) {
  const shown = useDelayedFlag(active, delayMs);
  if (!shown) return <div className={classes.loadingSlot} aria-hidden="true" />;
  return (
    <div className={classes.loadingSlot}>
      <div role="progressbar" aria-label={label} aria-busy="true" className={classes.loadingBar} />
    </div>
  );
}
