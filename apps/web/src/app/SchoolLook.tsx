import { useEffect, type ReactNode } from 'react';
import { DEFAULT_PAGE_COLOR } from '@patio/core/constants';
import { darkenForWhiteText } from '@patio/core/color/contrast';
import { SchoolLogoContext } from '../ui/schoolLogo';
import { useSchoolSettings } from '../features/auth/useSchoolSettings';
import { useSessionState } from './services';

// The school's colour and logo (GET vue/settings, set in settings/appearance) on the signed-in
// screens. The colour goes into the CSS variables the bars and accents already read: the bar shade
// carries white text at 4.5:1, the accent shades (text and outlines on white and on the pale tint)
// reach 6:1 and 8:1, as the built-in shades do. A save updates the session, and this follows at once.

const VARIABLES = ['--school-bar', '--patio-8', '--patio-9'] as const;

/** The shade of the school's colour that the app bar (and the ID card's band) carry white text on, at 4.5:1. */
export function schoolBarShade(color: string | null | undefined): string {
  return darkenForWhiteText(color || DEFAULT_PAGE_COLOR);
}

function applyColor(color: string | undefined): void {
  const root = document.documentElement.style;
  if (!color || color.toUpperCase() === DEFAULT_PAGE_COLOR) {
    for (const name of VARIABLES) root.removeProperty(name);
    return;
  }
  root.setProperty('--school-bar', schoolBarShade(color));
  root.setProperty('--patio-8', darkenForWhiteText(color, 6));
  root.setProperty('--patio-9', darkenForWhiteText(color, 8));
}

/** Loads the school's public settings once signed in and paints its colour; provides its logo. */
export function SchoolLook({ children }: { children: ReactNode }) {
  const settings = useSchoolSettings();
  const logo = useSessionState((s) => (s.settings ? s.settings.logo : (s.school?.logo ?? null)));

  const color = settings?.color;
  useEffect(() => {
    applyColor(color);
  }, [color]);
  useEffect(() => () => applyColor(undefined), []);

  return <SchoolLogoContext.Provider value={logo}>{children}</SchoolLogoContext.Provider>;
}
