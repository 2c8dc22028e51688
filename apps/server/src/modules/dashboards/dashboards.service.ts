import type { Dashboard, DashboardSummary, ZDashboardInput } from '@patio/core';
import type { z } from 'zod';
import type { RequestContext } from '../../http/context';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { isInAudience, parseAudience, parseOptions } from './dashboards.audience';
import { assertBlocksValid } from './dashboards.validate';
import { ensureHomeDashboard } from './dashboards.home';
import {
  type BlockRow,
  countBlocks,
  deleteBlocksExcept,
  deleteDashboard,
  type DashboardRow,
  findBlock,
  findBlocks,
  findDashboard,
  findDashboards,
  insertBlocks,
  insertDashboard,
  updateBlock,
  updateDashboard,
} from './dashboards.queries';

// Dashboards (issue 36 §2; docs/decisions/032-dashboards.md): listing, reading, and the administrators'
// whole-dashboard writes. A PUT replaces title, audience and blocks in one transaction; blocks sent with
// an id keep it (the BlockEditor's links stay good), blocks left out are deleted.

type DashboardInput = z.output<typeof ZDashboardInput>;

const noDashboard = () => notFound('There is no such dashboard in this school');

const toSummary = (row: DashboardRow, blocks: number, mayEdit: boolean): DashboardSummary => ({
  id: row.id,
  title: row.home ? null : row.title,
  home: row.home === 1,
  audience: parseAudience(row.audience),
  mayEdit,
  updatedAt: Date.parse(row.updated_at),
  blocks,
});

function toDashboard(row: DashboardRow, blocks: readonly BlockRow[], mayEdit: boolean): Dashboard {
  const { blocks: _count, ...summary } = toSummary(row, blocks.length, mayEdit);
  return {
    ...summary,
    blocks: blocks.map((b) => ({ id: b.id, kind: b.kind as Dashboard['blocks'][number]['kind'], title: b.title, options: parseOptions(b.options) })),
  };
}

async function read(ctx: RequestContext, row: DashboardRow): Promise<Dashboard> {
  return toDashboard(row, await findBlocks(ctx.db, ctx.org.id, row.id), requireCaller(ctx).isAdmin);
}

/** GET dashboards: those the caller sees, Inicio first (made when missing). */
export async function listDashboards(ctx: RequestContext): Promise<DashboardSummary[]> {
  const caller = requireCaller(ctx);
  await ensureHomeDashboard(ctx.db, ctx.org.id);
  const [rows, counts] = await Promise.all([findDashboards(ctx.db, ctx.org.id), countBlocks(ctx.db, ctx.org.id)]);
  return rows.filter((r) => isInAudience(caller, parseAudience(r.audience))).map((r) => toSummary(r, counts.get(r.id) ?? 0, caller.isAdmin));
}

/** GET dashboards/home: Inicio, made when missing; 403 for staff its audience leaves out. */
export async function getHomeDashboard(ctx: RequestContext): Promise<Dashboard> {
  const home = await ensureHomeDashboard(ctx.db, ctx.org.id);
  if (!isInAudience(requireCaller(ctx), parseAudience(home.audience))) throw forbidden('forbidden', 'This dashboard is not for you');
  return read(ctx, home);
}

/** GET dashboards/{id} (the policy has checked the audience). */
export async function getDashboard(ctx: RequestContext, id: number): Promise<Dashboard> {
  const row = await findDashboard(ctx.db, ctx.org.id, id);
  if (!row) throw noDashboard();
  return read(ctx, row);
}

/** GET dashboards/blocks/{blockId}: the dashboard holding the block (the policy has checked both). */
export async function getDashboardOfBlock(ctx: RequestContext, blockId: number): Promise<Dashboard> {
  const block = await findBlock(ctx.db, ctx.org.id, blockId);
  if (!block) throw notFound('There is no such block in this school');
  return getDashboard(ctx, block.dashboard_id);
}

const blockValues = (input: DashboardInput['blocks'][number], position: number) => ({
  kind: input.kind,
  title: input.title,
  options: JSON.stringify(input.options),
  position,
});

/** POST dashboards: a new dashboard; no block may carry an id yet (400 `unknown_block`). */
export async function createDashboard(ctx: RequestContext, input: DashboardInput): Promise<Dashboard> {
  const caller = requireCaller(ctx);
  await assertBlocksValid(ctx, input.blocks);
  if (input.blocks.some((b) => b.id !== undefined)) throw unknownBlock();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertDashboard(trx, ctx.org.id, { title: input.title, audience: JSON.stringify(input.audience), createdBy: caller.id, now: new Date().toISOString() });
    await insertBlocks(trx, ctx.org.id, id, input.blocks.map(blockValues));
    return id;
  });
  return getDashboard(ctx, id);
}

const unknownBlock = () => new HttpError(400, 'unknown_block', 'A block id is not one of the blocks of this dashboard (or is given twice)');

/** PUT dashboards/{id}: title (kept null on Inicio), audience and blocks, all or nothing. */
export async function replaceDashboard(ctx: RequestContext, id: number, input: DashboardInput): Promise<Dashboard> {
  await assertBlocksValid(ctx, input.blocks);
  const kept = input.blocks.flatMap((b) => (b.id === undefined ? [] : [b.id]));
  if (new Set(kept).size !== kept.length) throw unknownBlock();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findDashboard(trx, ctx.org.id, id);
    if (!row) throw noDashboard();
    const own = new Set((await findBlocks(trx, ctx.org.id, id)).map((b) => b.id));
    if (kept.some((blockId) => !own.has(blockId))) throw unknownBlock();
    await updateDashboard(trx, ctx.org.id, id, { title: row.home ? null : input.title, audience: JSON.stringify(input.audience), now: new Date().toISOString() });
    await deleteBlocksExcept(trx, ctx.org.id, id, kept);
    const fresh: ReturnType<typeof blockValues>[] = [];
    for (const [position, block] of input.blocks.entries()) {
      if (block.id === undefined) fresh.push(blockValues(block, position));
      else await updateBlock(trx, ctx.org.id, id, block.id, blockValues(block, position));
    }
    await insertBlocks(trx, ctx.org.id, id, fresh);
  });
  return getDashboard(ctx, id);
}

/** DELETE dashboards/{id}: 404 unknown, 409 `home_dashboard` for Inicio. */
export async function removeDashboard(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findDashboard(trx, ctx.org.id, id);
    if (!row) throw noDashboard();
    if (row.home) throw new HttpError(409, 'home_dashboard', 'Inicio, the home dashboard, cannot be deleted');
    await deleteDashboard(trx, ctx.org.id, id);
  });
}
