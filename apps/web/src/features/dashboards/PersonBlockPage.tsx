import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { withDashboardTerms } from '../../app/i18n/withDashboardTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PageShell } from '../../ui/PageShell';
import { DashboardBlockCard } from './DashboardBlockCard';
import { blockNameOf } from './dashboardText';
import { useBlockContext } from './useBlockContext';
import { useBlockOf } from './useBlockOf';
import classes from './dashboards.module.css';
import './dashboardStyles';

/** /person/{personId}/blocks/{blockId} (PagePersonBlock): one dashboard block in read mode, inside the person's tab. */
export const PersonBlockPage = withDashboardTerms(function PersonBlockPage() {
  const { t } = useTranslation();
  const { query, block, error } = useBlockOf(useParams().blockId);
  const context = useBlockContext();
  let body;
  if (error) body = <RefusalMessage error={error} onRetry={() => void query.refetch()} resource="page" />;
  else if (!query.data || !block || !context.ready) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else
    body = (
      <DashboardBlockCard dashboardId={query.data.id} block={block} address={context.address} nodes={context.nodes} today={context.today} formats={context.formats} />
    );
  return (
    <PageShell title={block ? blockNameOf(t, block) : t('dashboardScreens.editor.title')}>
      <div className={classes.page}>{body}</div>
    </PageShell>
  );
});
