import {
  MAX_DASHBOARD_BLOCKS,
  MAX_DASHBOARD_RANGE_DAYS,
  ZDashboard,
  ZDashboardBlockData,
  ZDashboardDataQuery,
  ZDashboardInput,
  ZDashboardSummary,
} from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { getBlockData } from './dashboards.data';
import { dashboardsPolicies as p } from './dashboards.policy';
import {
  createDashboard,
  getDashboard,
  getDashboardOfBlock,
  getHomeDashboard,
  listDashboards,
  removeDashboard,
  replaceDashboard,
} from './dashboards.service';

// Dashboards under /api/{org}/ (issue 36 §2; docs/decisions/032-dashboards.md).

const WHO =
  'Staff only: families, students and drivers 403. Administrators see every dashboard; other staff those whose `audience` names them ' +
  "('teachers': who teaches or directs a group; 'employees': employees of a node). ";
const WRITE =
  `The whole dashboard: title, audience and up to ${MAX_DASHBOARD_BLOCKS} blocks in display order. Per kind: readRate needs options.postId or ` +
  'options.postType (not both), formResults needs options.formId; options a kind does not use must be null (400 `block_options`). ' +
  'An options.node, postId or formId of no group, post or form of this school: 400 `unknown_node`, `unknown_post`, `unknown_form`. ' +
  'Nothing is written when anything is refused.';

export async function dashboardsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.listDashboards),
    schema: {
      tags: ['dashboards'],
      summary: 'The dashboards the caller sees',
      description: WHO + 'Inicio, the home dashboard, comes first (it is made with its seeded blocks the first time a school needs it).',
      params: paramsOf(p.listDashboards),
      response: { 200: z.array(ZDashboardSummary), ...errors(401, 403) },
    },
    handler: async (request) => listDashboards(contextOf(request)),
  });

  r.route({
    ...routeOf(p.createDashboard),
    schema: {
      tags: ['dashboards'],
      summary: 'Create a dashboard',
      description: `Administrators. ${WRITE} A block of a new dashboard has no id yet (400 \`unknown_block\`).`,
      params: paramsOf(p.createDashboard),
      body: ZDashboardInput,
      response: { 201: ZDashboard, ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const dashboard = await createDashboard(contextOf(request), request.body);
      return reply.code(201).send(dashboard);
    },
  });

  r.route({
    ...routeOf(p.readHome),
    schema: {
      tags: ['dashboards'],
      summary: 'Inicio, the home dashboard',
      description:
        WHO +
        'Every school has one: the first request that needs it makes it (once, however many ask at the same time) with the blocks ' +
        "today's attendance, rolls not taken today, pending registrations, payments today, urgent posts' read rate (last 7 days) and buses running, " +
        "for the audience ['teachers', 'employees']. Its title is null: show \"Inicio\" in the reader's language.",
      params: paramsOf(p.readHome),
      response: { 200: ZDashboard, ...errors(401, 403) },
    },
    handler: async (request) => getHomeDashboard(contextOf(request)),
  });

  r.route({
    ...routeOf(p.readBlockDashboard),
    schema: {
      tags: ['dashboards'],
      summary: 'The dashboard that holds a block',
      description: WHO + 'For the block editor and a block shown alone. A block of no dashboard of this school: 404.',
      params: paramsOf(p.readBlockDashboard),
      response: { 200: ZDashboard, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getDashboardOfBlock(contextOf(request), request.params.blockId),
  });

  r.route({
    ...routeOf(p.readDashboard),
    schema: {
      tags: ['dashboards'],
      summary: 'A dashboard with its blocks',
      description: WHO + 'An id of no dashboard of this school: 404; staff outside its audience: 403.',
      params: paramsOf(p.readDashboard),
      response: { 200: ZDashboard, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getDashboard(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.updateDashboard),
    schema: {
      tags: ['dashboards'],
      summary: 'Replace a dashboard',
      description:
        `Administrators. ${WRITE} A block sent with its id keeps it; one without an id is new; blocks left out are deleted. ` +
        'A block id that is not one of this dashboard (or given twice): 400 `unknown_block`. On Inicio the title stays null. ' +
        'An id of no dashboard of this school: 404.',
      params: paramsOf(p.updateDashboard),
      body: ZDashboardInput,
      response: { 200: ZDashboard, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => replaceDashboard(contextOf(request), request.params.id, request.body),
  });

  r.route({
    ...routeOf(p.deleteDashboard),
    schema: {
      tags: ['dashboards'],
      summary: 'Delete a dashboard',
      description: 'Administrators. Its blocks go with it. Inicio, the home dashboard, is never deleted: 409 `home_dashboard`.',
      params: paramsOf(p.deleteDashboard),
      response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await removeDashboard(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(p.readBlockData),
    schema: {
      tags: ['dashboards'],
      summary: "A block's figures",
      description:
        WHO +
        "Computed under the viewer's rights. `from`/`to` (YYYY-MM-DD, school time zone, both included) override the block's default period " +
        `(counted back from today there); a period that ends before it starts or is longer than ${MAX_DASHBOARD_RANGE_DAYS} days: 400 \`bad_period\`. ` +
        "`node` overrides the block's group filter; a group the viewer does not reach (or no group of this school), whether asked or the block's " +
        'own: 403 `forbidden_node`. A kind of figure the viewer may not see at all (billing and payments: billing staff; pending registrations: ' +
        'administrators; attendance and rolls: staff with groups in reach): 403 `forbidden_block`. Within a kind, the figures cover only what the ' +
        'viewer reaches (a teacher: their groups). A block of another dashboard, or of no dashboard of this school: 404.',
      params: paramsOf(p.readBlockData),
      querystring: ZDashboardDataQuery,
      response: { 200: ZDashboardBlockData, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getBlockData(contextOf(request), request.params.id, request.params.blockId, request.query),
  });
}
