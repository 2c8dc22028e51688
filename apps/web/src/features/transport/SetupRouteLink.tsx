import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { withRouteSetupTerms } from './setup/withRouteSetupTerms';

export interface SetupRouteLinkProps {
  routeId: number;
  routeName: string;
  /** On a route's card among others: a short word, the route named for screen readers. */
  compact?: boolean;
}

/** The way to a route's setup screen, for those who may set it up (canManage: administrators). */
export const SetupRouteLink = withRouteSetupTerms(function SetupRouteLink({ routeId, routeName, compact = false }: SetupRouteLinkProps) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={`/transport/routes/${routeId}/setup`}
      variant={compact ? 'subtle' : 'light'}
      leftSection={<IconSettings size={18} aria-hidden="true" />}
      aria-label={compact ? t('transport.setup.openSetup', { name: routeName }) : undefined}
    >
      {compact ? t('transport.setup.link') : t('screens.routeSetup')}
    </Button>
  );
});
