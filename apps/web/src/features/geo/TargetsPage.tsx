import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, Loader } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { lastUpdateText, transportClasses as classes, useNow, useTransportRoutes } from '../transport';
import { useGeoTargets } from './useGeoTargets';
import './geoStyles';

/** /geo/targets: the GPS trackers (one per bus), their route and how fresh their position is. */
export function TargetsPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const language = useSessionState((s) => s.language);
  const targets = useGeoTargets();
  // Only to name each tracker's route; the list stands without it.
  const routes = useTransportRoutes();
  const routeName = (routeId: number | null) => routes.data?.find((r) => r.id === routeId)?.name ?? null;
  const now = useNow();

  let body;
  if (targets.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (targets.isError) body = <RefusalMessage error={targets.error} onRetry={() => void targets.refetch()} />;
  else if (targets.data.length === 0) body = <StatusMessage icon={<IconMapPin size={36} />} title={t('geo.targets.emptyTitle')} body={t('geo.targets.emptyBody')} />;
  else {
    body = (
      <>
        <p>
          <Link to="/geo/feed">{t('geo.targets.feedLink')}</Link>
        </p>
        <ul className={classes.list} aria-label={t('geo.targets.listLabel')}>
          {targets.data.map((target) => {
            const route = routeName(target.routeId);
            return (
              <li key={target.id} className={classes.card}>
                <h2>
                  <Link to={`/geo/targets/${target.id}`}>{target.name}</Link>{' '}
                  {!target.enabled && (
                    <Badge color="gray" variant="light" size="sm">
                      {t('geo.targets.disabled')}
                    </Badge>
                  )}
                </h2>
                <ul className={classes.facts}>
                  <li className={classes.fact}>{route ? t('geo.targets.route', { name: route }) : target.routeId ? t('geo.targets.routeNumber', { id: target.routeId }) : t('geo.targets.noRoute')}</li>
                  <li className={classes.fact}>{lastUpdateText(t, target.lastPosition, now, language)}</li>
                </ul>
              </li>
            );
          })}
        </ul>
      </>
    );
  }

  return (
    <PageShell title={t('screens.geoTargets')} onBack={goBack}>
      {body}
    </PageShell>
  );
}
