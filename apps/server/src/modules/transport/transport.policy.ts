import { z } from 'zod';
import { forbidden } from '../../http/errors';
import { definePolicy, isSelf, isSignedIn, type PolicyContext, zId } from '../../policy/policy';
import { routeRightsOf } from './transport.access';
import { targetEntry } from './transport.cache';
import { reportsFor } from './transport.positions';
import { noRoute, noTarget, seenTarget } from './transport.read';

// Who may call the transport routes (issue 13; docs/decisions/017-transport-live-positions.md). A
// route the caller does not see answers 404 (as an id that is no route), one they see but may not act
// on 403. Position reports are the crew's device only: anyone else 403, whatever they see.

const byRoute = z.object({ id: zId });
const byRun = z.object({ id: zId, runId: zId });
const byTarget = z.object({ id: zId });
const me = z.object({ id: zId });
const byToken = z.object({ token: z.string().min(1).max(200) });
const byRider = z.object({ id: zId, personId: zId });

type RouteCtx = PolicyContext<{ id: number }>;

/** The caller's rights on the route of the path; 404 when it is none of their school or they do not see it. */
async function rightsOn({ caller, db, params }: RouteCtx) {
  const rights = await routeRightsOf(db, caller!, params.id);
  if (!rights?.sees) throw noRoute();
  return rights;
}

const seesRoute = async (ctx: RouteCtx) => (await rightsOn(ctx)).sees;
const drivesRoute = async (ctx: RouteCtx) => (await rightsOn(ctx)).canDrive;
const sharesRoute = async (ctx: RouteCtx) => (await rightsOn(ctx)).canShare;
/** Sets the route up (vehicle, crew, stops, riders): administrators; others who see it 403. */
const managesRoute = async (ctx: RouteCtx) => (await rightsOn(ctx)).canManage;

/** The route's driver or monitor, for a target of the school (404 otherwise). */
const reportsPosition = async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
  const entry = await targetEntry(db, org, params.id);
  if (!entry) throw noTarget();
  if (!reportsFor(entry, caller!)) throw forbidden('not_route_device', "Only the device of the route's driver or monitor reports its position");
  return true;
};

const seesTarget = async ({ caller, db, params }: PolicyContext<{ id: number }>) => {
  if (!(await seenTarget(db, caller!, params.id))) throw noTarget();
  return true;
};

export const transportPolicies = {
  /** GET transport/routes: every member; each sees the routes they see (none, for most families). */
  listRoutes: definePolicy({ method: 'GET', path: 'transport/routes', check: isSignedIn }),
  readRoute: definePolicy({ method: 'GET', path: 'transport/routes/:id', params: byRoute, check: seesRoute }),
  startRun: definePolicy({ method: 'POST', path: 'transport/routes/:id/runs', params: byRoute, check: drivesRoute }),
  finishRun: definePolicy({ method: 'POST', path: 'transport/routes/:id/runs/:runId/finish', params: byRun, check: drivesRoute }),
  addRunEvent: definePolicy({ method: 'POST', path: 'transport/routes/:id/runs/:runId/events', params: byRun, check: drivesRoute }),
  readLog: definePolicy({ method: 'GET', path: 'transport/routes/:id/log', params: byRoute, check: seesRoute }),
  createShare: definePolicy({ method: 'POST', path: 'transport/routes/:id/shares', params: byRoute, check: sharesRoute }),
  /** GET transport/shares/{token}: whoever holds the link, signed in or not, until it expires. */
  readShare: definePolicy({ method: 'GET', path: 'transport/shares/:token', params: byToken, public: true, check: () => true }),
  reportPosition: definePolicy({ method: 'POST', path: 'geo/targets/:id/position', params: byTarget, check: reportsPosition }),
  listTargets: definePolicy({ method: 'GET', path: 'geo/targets', check: isSignedIn }),
  readTarget: definePolicy({ method: 'GET', path: 'geo/targets/:id', params: byTarget, check: seesTarget }),
  /** GET people/{me}/geo/feed: the caller's own (another person's: 403). */
  geoFeed: definePolicy({ method: 'GET', path: 'people/:id/geo/feed', params: me, check: isSelf }),
  // A route's setup (transport.setup.ts).
  readRouteSetup: definePolicy({ method: 'GET', path: 'transport/routes/:id/setup', params: byRoute, check: managesRoute }),
  updateRouteCrew: definePolicy({ method: 'PUT', path: 'transport/routes/:id/crew', params: byRoute, check: managesRoute }),
  replaceRouteStops: definePolicy({ method: 'PUT', path: 'transport/routes/:id/stops', params: byRoute, check: managesRoute }),
  putRouteRider: definePolicy({ method: 'PUT', path: 'transport/routes/:id/riders/:personId', params: byRider, check: managesRoute }),
  removeRouteRider: definePolicy({ method: 'DELETE', path: 'transport/routes/:id/riders/:personId', params: byRider, check: managesRoute }),
};
