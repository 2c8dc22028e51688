import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { ApiError } from '../../../app/api/ApiError';
import { useGoBack } from '../../../app/back/useGoBack';
import { withDirectoryTerms } from '../../../app/i18n/withDirectoryTerms';
import { RefusalMessage } from '../../../app/RefusalMessage';
import { PageShell } from '../../../ui/PageShell';
import { useMapTiles } from '../map/useMapTiles';
import { routeIdOf } from '../useTransportRoutes';
import { CrewSection } from './CrewSection';
import { LeaveGuard } from './LeaveGuard';
import { RidersSection } from './RidersSection';
import { StopsSection } from './StopsSection';
import { withRouteSetupTerms } from './withRouteSetupTerms';
import { useDirtySections } from './useDirtySections';
import { useRouteSetup } from './useRouteSetup';
import '../transportStyles';
import classes from './routeSetup.module.css';

/**
 * /transport/routes/{routeId}/setup (administrators): what a bus route needs to run — its vehicle and
 * crew, its stops in order on a map, and where each rider gets on and off. Each section saves on its
 * own; leaving with unsaved changes asks first. The people search comes with the directory's texts.
 */
export const RouteSetupPage = withDirectoryTerms(
  withRouteSetupTerms(function RouteSetupPage() {
    const { t } = useTranslation();
    const routeId = routeIdOf(useParams().routeId);
    const goBack = useGoBack(routeId === null ? '/transport/routes' : `/transport/routes/${routeId}/map`);
    const setup = useRouteSetup(routeId);
    const tiles = useMapTiles();
    const { dirty, sections, reporters } = useDirtySections();

    let body;
    if (routeId === null) body = <RefusalMessage error={new ApiError(404, null, '')} />;
    else if (setup.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
    else if (setup.isError) body = <RefusalMessage error={setup.error} onRetry={() => void setup.refetch()} />;
    else {
      const data = setup.data;
      body = (
        <div key={data.id} className={classes.page}>
          <Link className={classes.mapLink} to={`/transport/routes/${data.id}/map`}>
            <IconMap2 size={18} aria-hidden="true" />
            {t('transport.routes.openMap', { name: data.name })}
          </Link>
          <CrewSection setup={data} onDirtyChange={reporters.crew} />
          <StopsSection setup={data} tiles={tiles} onDirtyChange={reporters.stops} />
          <RidersSection setup={data} stopsDirty={dirty.stops} onDirtyChange={reporters.riders} />
        </div>
      );
    }

    return (
      <PageShell title={setup.data ? t('transport.setup.title', { name: setup.data.name }) : t('screens.routeSetup')} onBack={goBack}>
        {body}
        <LeaveGuard unsaved={sections.map((section) => t(`transport.setup.${section}.title`))} />
      </PageShell>
    );
  }),
);
