import type { ReactNode } from 'react';
import { usePreSignInLanguage } from '../app/i18n/usePreSignInLanguage';
import { PublicLanguagePicker } from './PublicLanguagePicker';
import classes from './PublicLayout.module.css';

export interface PublicLayoutProps {
  /** Logo and name shown above the card. */
  brand: ReactNode;
  children: ReactNode;
}

/**
 * Frame of the public screens (/code, /login, registration…): a coloured band with the language
 * picker and the brand, and one card. Before sign-in the screens speak the browser's language.
 */
export function PublicLayout({ brand, children }: PublicLayoutProps) {
  const settling = usePreSignInLanguage();
  return (
    <div className={classes.root}>
      <header className={classes.band}>
        <div className={classes.languageBar}>
          <PublicLanguagePicker />
        </div>
        {brand}
      </header>
      <main id="main" className={classes.main} aria-busy={settling || undefined}>
        {!settling && <div className={classes.card}>{children}</div>}
      </main>
    </div>
  );
}
