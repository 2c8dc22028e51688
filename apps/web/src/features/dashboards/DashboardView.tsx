import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Loader } from '@mantine/core';
import { IconLayoutDashboard, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Dashboard } from '@patio/core/schemas/dashboards';
import { StatusMessage } from '../../ui/StatusMessage';
import { DashboardBlockCard } from './DashboardBlockCard';
import { blockNameOf, dashboardTitleOf } from './dashboardText';
import { useBlockContext } from './useBlockContext';
import classes from './dashboards.module.css';

/**
 * A dashboard's blocks in a grid (one column on a phone, more on wider screens). The route's search
 * params reach every block as its first filter; administrators get a way into each block's editor.
 */
export function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const context = useBlockContext();
  if (!context.ready) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (dashboard.blocks.length === 0) {
    return <StatusMessage icon={<IconLayoutDashboard size={36} />} title={t('dashboardScreens.view.empty')} body={dashboard.mayEdit ? t('dashboardScreens.view.emptyAdmin') : ''} />;
  }
  return (
    <div className={classes.grid} role="list" aria-label={t('dashboardScreens.view.blocks', { title: dashboardTitleOf(t, dashboard) })}>
      {dashboard.blocks.map((block) => (
        <div role="listitem" key={`${block.id}:${search.toString()}`}>
          <DashboardBlockCard
            dashboardId={dashboard.id}
            block={block}
            address={context.address}
            nodes={context.nodes}
            today={context.today}
            formats={context.formats}
            actions={
              dashboard.mayEdit ? (
                <ActionIcon component={Link} to={`/admin/blocks/${block.id}`} variant="subtle" size="lg" aria-label={t('dashboardScreens.view.editBlock', { name: blockNameOf(t, block) })}>
                  <IconPencil size={18} aria-hidden="true" />
                </ActionIcon>
              ) : undefined
            }
          />
        </div>
      ))}
    </div>
  );
}
