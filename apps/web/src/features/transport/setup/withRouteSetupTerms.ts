import { loadRouteSetupTerms } from '@patio/core/i18n/routeSetup/index';
import { createLazyTerms } from '../../../app/i18n/createLazyTerms';

// The route setup texts travel in their own chunk: only administrators ever load them (the setup
// screen, and the links to it that the route screens show them).
const routeSetupTerms = createLazyTerms('withRouteSetupTerms', loadRouteSetupTerms);

export const ensureRouteSetupTerms = routeSetupTerms.ensure;
export const withRouteSetupTerms = routeSetupTerms.withTerms;
