import type { CSSProperties, ReactNode } from 'react';
import { darkenForWhiteText } from '@patio/core/color/contrast';
import { usePreSignInLanguage } from '../app/i18n/usePreSignInLanguage';
import { PublicLanguagePicker } from './PublicLanguagePicker';
import classes from './PublicLayout.module.css';

export interface PublicLayoutProps {
  /** Logo and name shown above the card. */
  brand: ReactNode;
  /** The school's colour (settings/appearance); the band takes its 6:1 shade so its white text stays readable. */
  color?: string;
  children: ReactNode;
}

/**
 * Frame of the public screens (/code, /login, registration…): a coloured band with the language
 * picker and the brand, and one card. Before sign-in the screens speak the browser's language.
 */
export function PublicLayout({ brand, color, children }: PublicLayoutProps) {
  const settling = usePreSignInLanguage();
  return (
    <div className={classes.root} style={color ? ({ '--patio-8': darkenForWhiteText(color, 6) } as CSSProperties) : undefined}>
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
