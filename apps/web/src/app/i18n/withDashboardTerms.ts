import { loadDashboardTerms } from '@patio/core/i18n/dashboardScreens/index';
import { createLazyTerms } from './createLazyTerms';

// The dashboard screens' texts travel in their own chunk, not with the first screen. Kept here like
// the classroom's wrapper, so a shell piece that opens a dashboard needs no code of features/dashboards.
const dashboardTerms = createLazyTerms('withDashboardTerms', loadDashboardTerms);

export const ensureDashboardTerms = dashboardTerms.ensure;
export const withDashboardTerms = dashboardTerms.withTerms;
