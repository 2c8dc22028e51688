import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconBus, IconHierarchy2 } from '@tabler/icons-react';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { StatusMessage } from '../../ui/StatusMessage';
import { withRouteSetupTerms } from './setup/withRouteSetupTerms';
import classes from './transport.module.css';

/** No route to show: a family learns what to expect; someone who may create groups, how a route is made. */
export function NoRoutesMessage() {
  const { t } = useTranslation();
  const mayCreateGroups = useAllowedPaths(['POST nodes'])?.['POST nodes'] === true;
  if (mayCreateGroups) return <CreateRouteHint />;
  return <StatusMessage icon={<IconBus size={36} />} title={t('transport.routes.emptyTitle')} body={t('transport.routes.emptyBody')} />;
}

// A route is a group of the route type, created on the groups screen (/nodes): no creator of its own.
const CreateRouteHint = withRouteSetupTerms(function CreateRouteHint() {
  const { t } = useTranslation();
  return (
    <div className={classes.emptyAdmin}>
      <StatusMessage icon={<IconBus size={36} />} title={t('transport.setup.noRoutes.title')} body={t('transport.setup.noRoutes.body')} />
      <Button component={Link} to="/nodes" leftSection={<IconHierarchy2 size={18} aria-hidden="true" />}>
        {t('transport.setup.noRoutes.link')}
      </Button>
    </div>
  );
});
