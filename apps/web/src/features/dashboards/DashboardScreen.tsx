import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { Dashboard } from '@patio/core/schemas/dashboards';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PageShell } from '../../ui/PageShell';
import { DashboardView } from './DashboardView';
import { dashboardTitleOf } from './dashboardText';
import classes from './dashboards.module.css';
import './dashboardStyles';

export interface DashboardScreenProps {
  query: { data?: Dashboard; isError: boolean; error: unknown; refetch: () => unknown };
  /** The toolbar's title before the dashboard is known. */
  fallbackTitle: string;
  onBack?: () => void;
}

/** A dashboard as a page: its title, an "Edit" action for those who may edit it, its blocks. */
export function DashboardScreen({ query, fallbackTitle, onBack }: DashboardScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dashboard = query.data;
  let body;
  if (query.isError) body = <RefusalMessage error={query.error} onRetry={() => void query.refetch()} resource="page" />;
  else if (!dashboard) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else body = <DashboardView dashboard={dashboard} />;

  const edit = dashboard?.mayEdit ? (
    <Button size="xs" variant="white" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => void navigate(`/admin/dashboards?edit=${dashboard.id}`)}>
      {t('dashboardScreens.view.edit')}
    </Button>
  ) : null;

  return (
    <PageShell title={dashboard ? dashboardTitleOf(t, dashboard) : fallbackTitle} onBack={onBack} actions={edit}>
      <div className={classes.page}>{body}</div>
    </PageShell>
  );
}
