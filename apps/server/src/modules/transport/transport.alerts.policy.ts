import { z } from 'zod';
import { definePolicy, type PolicyContext, zId } from '../../policy/policy';
import { routeRightsOf } from './transport.access';
import { noRoute } from './transport.read';

// Who may read and set an approach alert on a route: whoever sees the route (staff, its crew, its
// riders and their relatives). A route they do not see, or no route at all, answers 404 whatever school
// it belongs to, so ids are no oracle. Each person reads and sets only their own alert.

const byRoute = z.object({ id: zId });

const seesRoute = async ({ caller, db, params }: PolicyContext<{ id: number }>) => {
  if (!(await routeRightsOf(db, caller!, params.id))?.sees) throw noRoute();
  return true;
};

export const alertPolicies = {
  /** GET transport/routes/{id}/alerts: the caller's own "approaching" alert. */
  readAlert: definePolicy({ method: 'GET', path: 'transport/routes/:id/alerts', params: byRoute, check: seesRoute }),
  /** PUT transport/routes/{id}/alerts: sets the caller's own alert. */
  updateAlert: definePolicy({ method: 'PUT', path: 'transport/routes/:id/alerts', params: byRoute, check: seesRoute }),
};
