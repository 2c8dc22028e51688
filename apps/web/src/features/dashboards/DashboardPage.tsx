import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZIdText } from '@patio/core/schemas/ids';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { withDashboardTerms } from '../../app/i18n/withDashboardTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PageShell } from '../../ui/PageShell';
import { DashboardScreen } from './DashboardScreen';
import { useDashboard } from './useDashboards';

/** /dashboard/{dashboardId} (issue 36 §2): one dashboard, its route params passed to the blocks. */
export const DashboardPage = withDashboardTerms(function DashboardPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const parsed = ZIdText.safeParse(useParams().dashboardId ?? '');
  const query = useDashboard(parsed.success ? parsed.data : 0, parsed.success);
  if (!parsed.success) {
    return (
      <PageShell title={t('screens.dashboard')} onBack={goBack}>
        <RefusalMessage error={new ApiError(404, null, 'dashboard')} resource="page" />
      </PageShell>
    );
  }
  return <DashboardScreen query={query} fallbackTitle={t('screens.dashboard')} onBack={goBack} />;
});
