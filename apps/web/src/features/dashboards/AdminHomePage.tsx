import { useTranslation } from 'react-i18next';
import { withDashboardTerms } from '../../app/i18n/withDashboardTerms';
import { DashboardScreen } from './DashboardScreen';
import { useDashboard } from './useDashboards';

/** The admin tab's Inicio (issue 36 §2): the school's home dashboard, seeded by the server on first need. */
export const AdminHomePage = withDashboardTerms(function AdminHomePage() {
  const { t } = useTranslation();
  const query = useDashboard('home');
  return <DashboardScreen query={query} fallbackTitle={t('dashboardScreens.home')} />;
});
