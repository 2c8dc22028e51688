import type { ReactNode } from 'react';
import classes from './PublicLayout.module.css';

export interface PublicLayoutProps {
  /** Logo and name shown above the card. */
  brand: ReactNode;
  children: ReactNode;
}

/** Frame of the public screens (/code, /login): a coloured band, the brand and one card. */
export function PublicLayout({ brand, children }: PublicLayoutProps) {
  return (
    <div className={classes.root}>
      <header className={classes.band}>{brand}</header>
      <main id="main" className={classes.main}>
        <div className={classes.card}>{children}</div>
      </main>
    </div>
  );
}
