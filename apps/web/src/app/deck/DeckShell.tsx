import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingBar } from '../../ui/LoadingBar';
import { nextSearchOf } from '../guard';
import { useServices, useSessionState } from '../services';
import { isSignedIn } from '../session/sessionStore';
import { LiveUpdates } from '../live/useLiveUpdates';
import { DeckNav } from './DeckNav';
import { DeckProviders } from './DeckProviders';
import { SchoolLook } from '../SchoolLook';
import { WorkspaceProvider, WorkspaceTracker } from '../workspace/WorkspaceContext';
import { WorkspaceSlot } from '../workspace/WorkspaceSlot';
import classes from './DeckShell.module.css';

/** The /deck shell around every signed-in screen (spec §2). */
export function DeckShell() {
  const { t } = useTranslation();
  const { session } = useServices();
  const signedIn = useSessionState((s) => isSignedIn(s));
  const hasUser = useSessionState((s) => s.user !== null);
  const navigation = useNavigation();
  const { pathname, search } = useLocation();

  // The shell shows who is signed in; a reload (or a failed first try) has only the token.
  useEffect(() => {
    if (signedIn && !hasUser) void session.restore();
  }, [session, signedIn, hasUser]);

  // A token the server refused or that expired ends the session while a screen is open: signing in
  // again comes back to it.
  if (!signedIn) return <Navigate to={`/login${nextSearchOf(pathname + search)}`} replace />;

  return (
    <DeckProviders>
      <WorkspaceProvider>
        <SchoolLook>
          <LiveUpdates />
          <div className={classes.deck}>
            <a href="#main" className={classes.skipLink}>
              {t('shell.skipToContent')}
            </a>
            <LoadingBar active={navigation.state !== 'idle'} label={t('shell.loadingBar')} />
            <DeckNav />
            <WorkspaceTracker />
            <WorkspaceSlot />
            <main id="main" tabIndex={-1} className={classes.main}>
              <Outlet />
            </main>
          </div>
        </SchoolLook>
      </WorkspaceProvider>
    </DeckProviders>
  );
}
