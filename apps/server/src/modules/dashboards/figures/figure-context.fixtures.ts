import { ZDashboardBlockOptions, type DashboardBlockKind, type DashboardBlockOptions } from '@patio/core';
import type { LightMyRequestResponse } from 'fastify';
import type { RequestContext } from '../../../http/context';
import type { Caller } from '../../../policy/policy';
import type { TestPerson } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { findCaller } from '../../people/index';
import type { FigureRequest } from './figure';

// Test helpers of the figures: a viewer's request context as the data route builds it (a signed-in
// caller of the school), and a block's request with its period and group filter already checked.

/** `person` signed in to their school, as the figures get them. */
export async function viewerOf(t: TestApp, person: TestPerson): Promise<RequestContext & { caller: Caller }> {
  const caller = await findCaller(t.db, person.org.id, person.id);
  if (!caller) throw new Error(`No caller for person ${person.id}`);
  return { db: t.db, org: person.org, caller, services: t.app.patio, origin: 'http://localhost' };
}

/** A block of `kind` with `options` over [from, to], filtered by `node` (null: all the viewer reaches). */
export function figureRequest(
  kind: DashboardBlockKind,
  period: { from: string; to: string },
  options: Partial<DashboardBlockOptions> = {},
  node: { id: number; name: string } | null = null,
): FigureRequest {
  return { block: { id: 1, kind, title: null, options: ZDashboardBlockOptions.parse(options) }, ...period, node, timeZone: 'America/Bogota' };
}

/**
 * GET dashboards/{id}/blocks/{blockId}/data as `viewer` for a one-block dashboard of `kind` that `admin`
 * makes for teachers and employees; `query` is the data query (`?from=…`).
 */
export async function blockDataOf(
  t: TestApp,
  admin: TestPerson,
  viewer: TestPerson,
  kind: DashboardBlockKind,
  options: Partial<DashboardBlockOptions>,
  query = '',
): Promise<LightMyRequestResponse> {
  const made = await t.request({
    method: 'POST',
    url: `/api/${admin.org.code}/dashboards`,
    token: await t.signIn(admin),
    body: { title: `Tablero ${kind}`, audience: ['teachers', 'employees'], blocks: [{ kind, options }] },
  });
  if (made.statusCode !== 201) throw new Error(`No dashboard: ${made.body}`);
  const dashboard = made.json() as { id: number; blocks: { id: number }[] };
  return t.request({ method: 'GET', url: `/api/${viewer.org.code}/dashboards/${dashboard.id}/blocks/${dashboard.blocks[0]!.id}/data${query}`, token: await t.signIn(viewer) });
}
