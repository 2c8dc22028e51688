import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { screenTitleKey } from './routeHandle';
import { useSessionState } from './services';

/**
 * The browser tab names the screen and the school ("Mensajes · Colegio Los Andes"), in the interface
 * language, so several open tabs and the history can be told apart; "Patio" stands in for the school
 * until one is chosen.
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const key = screenTitleKey(useMatches());
  const school = useSessionState((s) => s.school?.title ?? null);
  const appName = t('common.appName');
  const screen = key ? t(key) : null;
  const title = screen ? t('pageTitles.format', { screen, school: school ?? appName }) : (school ?? appName);

  useEffect(() => {
    document.title = title;
  }, [title]);
}
