import { Navigate, Outlet, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingBar } from '../../ui/LoadingBar';
import { useSessionState } from '../services';
import { isSignedIn } from '../session/sessionStore';
import { DeckNav } from './DeckNav';
import { DeckProviders } from './DeckProviders';
import classes from './DeckShell.module.css';

/** The /deck shell around every signed-in screen (spec §2). */
export function DeckShell() {
  const { t } = useTranslation();
  const signedIn = useSessionState((s) => isSignedIn(s));
  const navigation = useNavigation();

  // Logout, or a token the server refused, ends the session while a screen is open.
  if (!signedIn) return <Navigate to="/login" replace />;

  return (
    <DeckProviders>
    <div className={classes.deck}>
      <a href="#main" className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <LoadingBar active={navigation.state !== 'idle'} label={t('shell.loadingBar')} />
      <DeckNav />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
    </div>
    </DeckProviders>
  );
}
