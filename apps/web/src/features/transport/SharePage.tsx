import { useId } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconClockOff, IconLinkOff } from '@tabler/icons-react';
import { useSessionState } from '../../app/services';
import { usePreSignInLanguage } from '../../app/i18n/usePreSignInLanguage';
import { describeError } from '../../app/api/describeError';
import { Brand } from '../../ui/Brand';
import { Notice } from '../../ui/Notice';
import { PublicLanguagePicker } from '../../ui/PublicLanguagePicker';
import { StatusMessage } from '../../ui/StatusMessage';
import { LazyTransportMap } from './map/LazyTransportMap';
import { mapBusesOf, mapLineOf, mapStopsOf } from './routeMapData';
import { RouteStatus } from './RouteStatus';
import { StopList } from './StopList';
import { busLabelOf, isStalePosition } from './transportText';
import { useNow } from './useNow';
import { useSharedRoute } from './useSharedRoute';
import classes from './transport.module.css';
import shareClasses from './share.module.css';

/** "Expires in 42 min", then "in 0:45" for the last minute… */
function expiryText(t: ReturnType<typeof useTranslation>['t'], expiresAt: number, now: number): string {
  const seconds = Math.max(0, Math.round(expiresAt - now / 1000));
  if (seconds >= 3600) return t('transport.shared.expiresInHours', { hours: Math.floor(seconds / 3600), minutes: String(Math.floor((seconds % 3600) / 60)).padStart(2, '0') });
  if (seconds >= 60) return t('transport.shared.expiresInMinutes', { count: Math.floor(seconds / 60) });
  return t('transport.shared.expiresInSeconds', { count: seconds });
}

/**
 * /share/{org}/{token}: the read-only live map of a shared route, for someone without an account,
 * until the link expires (410: it says so), outside the signed-in shell.
 */
export function SharePage() {
  const { t } = useTranslation();
  const { org = '', token = '' } = useParams();
  const settling = usePreSignInLanguage();
  const language = useSessionState((s) => s.language);
  const shared = useSharedRoute(org, token);
  const now = useNow(1000);
  const stopListId = useId();
  const school = shared.status === 'ready' || shared.status === 'expired' ? shared.school : null;

  let body;
  if (shared.status === 'loading') body = <p className={classes.muted}>{t('common.loading')}</p>;
  else if (shared.status === 'expired') {
    body = <StatusMessage icon={<IconClockOff size={40} />} headingLevel={1} title={t('transport.shared.expiredTitle')} body={t('transport.shared.expiredBody')} />;
  } else if (shared.status === 'notFound') {
    body = <StatusMessage icon={<IconLinkOff size={40} />} headingLevel={1} title={t('transport.shared.notFoundTitle')} body={t('transport.shared.notFoundBody')} />;
  } else if (shared.status === 'failed') {
    body = <StatusMessage headingLevel={1} title={t('errors.title')} body={describeError(t, shared.error)} actions={[{ label: t('common.retry'), onClick: shared.retry }]} />;
  } else {
    const { route, tiles } = shared;
    const isStale = route.running && isStalePosition(route.lastPosition, now);
    body = (
      <>
        <h1 className={shareClasses.title}>{route.name}</h1>
        <p className={shareClasses.expiry} role="timer" aria-live="off">
          {expiryText(t, route.expiresAt, now)}
        </p>
        {shared.isOffline && <Notice tone="error">{t('transport.shared.offline')}</Notice>}
        <div className={classes.layout}>
          <div className={classes.column}>
            <LazyTransportMap
              label={t('transport.map.label', { name: route.name })}
              textAlternativeId={stopListId}
              tiles={tiles}
              lines={[mapLineOf(route.routeId, route.stops)]}
              stops={mapStopsOf(route.stops)}
              buses={mapBusesOf(route.routeId, route.lastPosition, busLabelOf(t, route.name, route.lastPosition, now, language), isStale)}
            />
          </div>
          <div className={classes.column}>
            <section className={classes.card} aria-labelledby="shared-status">
              <h2 id="shared-status">{t('transport.status.title')}</h2>
              <RouteStatus run={null} running={route.running} lastPosition={route.lastPosition} myStops={[]} now={now} language={language} />
            </section>
            <section className={classes.card} aria-labelledby="shared-stops">
              <h2 id="shared-stops">{t('transport.stops.title')}</h2>
              <StopList id={stopListId} stops={route.stops} now={now} language={language} />
            </section>
          </div>
        </div>
      </>
    );
  }

  return (
    <div className={shareClasses.root}>
      <header className={shareClasses.band}>
        <div className={shareClasses.brand}>
          <Brand name={school?.title ?? t('common.appName')} logo={school?.logo} />
        </div>
        <PublicLanguagePicker />
      </header>
      <main id="main" className={shareClasses.main} aria-busy={settling || undefined}>
        {!settling && body}
        <p className={shareClasses.footnote}>{t('transport.shared.footnote')}</p>
      </main>
    </div>
  );
}
