import { useContext, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArrowLeft } from '@tabler/icons-react';
import { darkenForWhiteText } from './color';
import { LoadingBar } from './LoadingBar';
import { LoadingSourceContext } from './loadingSource';
import { SchoolLogoContext } from './schoolLogo';
import { useRequestsInFlight } from './useRequestsInFlight';
import { useToolbarVisibility } from './useToolbarVisibility';
import classes from './PageShell.module.css';

export interface PageShellProps {
  title: string;
  /** Shows a back arrow in the toolbar. */
  onBack?: () => void;
  backLabel?: string;
  /** Buttons at the end of the toolbar. */
  actions?: ReactNode;
  /** Optional header image under the toolbar (decorative). */
  headerImage?: string | null;
  /** Page colour; darkened where needed so the toolbar text stays readable. Left out: the school's colour (spec §2 default #1C89B8). */
  color?: string;
  /** Extra loading state of the page itself, on top of the API requests in flight. */
  loading?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}

/** Page frame of spec §2: toolbar, optional header image, loading bar, body, footer. */
export function PageShell({ title, onBack, backLabel, actions, headerImage, color, loading = false, footer, children }: PageShellProps) {
  const { t } = useTranslation();
  const toolbarVisible = useToolbarVisibility();
  const requestsRunning = useRequestsInFlight(useContext(LoadingSourceContext));
  const schoolLogo = useContext(SchoolLogoContext);
  const style = color ? ({ '--page-color': color, '--page-bar': darkenForWhiteText(color) } as CSSProperties) : undefined;

  return (
    <div className={classes.page} style={style}>
      <LoadingBar active={loading || requestsRunning} label={t('shell.loadingBar')} />
      <header className={classes.toolbar} data-hidden={!toolbarVisible || undefined}>
        {onBack && (
          <button type="button" className={classes.backButton} onClick={onBack} aria-label={backLabel ?? t('common.back')}>
            <IconArrowLeft size={22} aria-hidden="true" />
          </button>
        )}
        {!onBack && schoolLogo && <img src={schoolLogo} alt="" className={classes.schoolLogo} data-testid="app-bar-logo" />}
        <h1 className={classes.title}>{title}</h1>
        {actions && <div className={classes.actions}>{actions}</div>}
      </header>
      {headerImage && (
        <div className={classes.headerImage}>
          <img src={headerImage} alt="" />
        </div>
      )}
      <div className={classes.body}>{children}</div>
      {footer && <footer className={classes.footer}>{footer}</footer>}
    </div>
  );
}
