import { useSessionState } from '../../app/services';
import { isStaff } from './isStaff';
import { useTransportRoutes } from './useTransportRoutes';

export interface TransportAccess {
  /** Sees at least one route: staff, a route's crew, a rider's family. */
  seesRoutes: boolean;
  /** Drives or rides along with a bus (its trackers matter to them), or is staff. */
  isCrew: boolean;
}

/**
 * What menus offer of transport: staff always see it all; anyone else once GET transport/routes lists a
 * route for them, and the GPS trackers once they may drive one of those routes.
 */
export function useTransportAccess(): TransportAccess {
  const staff = useSessionState((s) => isStaff(s.user));
  const routes = useTransportRoutes({ enabled: !staff }).data ?? [];
  return { seesRoutes: staff || routes.length > 0, isCrew: staff || routes.some((route) => route.canDrive) };
}
