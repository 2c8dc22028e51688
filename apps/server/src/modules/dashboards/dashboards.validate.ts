import type { DashboardBlockKind, DashboardBlockOptions } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { findNodes } from '../nodes/index';
import { findPostRecord } from '../posts/index';
import { findFormIds } from './dashboards.queries';

// What a block's options must hold, per kind, before a dashboard is written (issue 36 §2). The schema
// (ZDashboardBlockOptions) checks shapes; here the rules between fields and the ids of the school:
// 400 `block_options` for options the kind lacks or does not use, `unknown_node` / `unknown_post` /
// `unknown_form` for an id that is no node, post or form of this school. Nothing is written before.

interface BlockInput {
  kind: DashboardBlockKind;
  options: DashboardBlockOptions;
}

function assertOptionsFit(kind: DashboardBlockKind, options: DashboardBlockOptions, index: number): void {
  const fail = (message: string) => badRequest('block_options', `Block ${index + 1} (${kind}): ${message}`);
  if (kind === 'readRate') {
    if (options.postId === null && options.postType === null) throw fail('a read-rate block needs postId or postType');
    if (options.postId !== null && options.postType !== null) throw fail('a read-rate block takes postId or postType, not both');
  } else if (options.postId !== null || options.postType !== null) {
    throw fail('postId and postType are for read-rate blocks only');
  }
  if (kind === 'formResults' && options.formId === null) throw fail('a form-results block needs formId');
  if (kind !== 'formResults' && options.formId !== null) throw fail('formId is for form-results blocks only');
}

/** 400 for blocks whose options do not fit their kind or name ids of no node, post or form of this school. */
export async function assertBlocksValid(ctx: RequestContext, blocks: readonly BlockInput[]): Promise<void> {
  blocks.forEach((b, i) => assertOptionsFit(b.kind, b.options, i));
  const orgId = ctx.org.id;
  const nodeIds = blocks.flatMap((b) => (b.options.node === null ? [] : [b.options.node]));
  if (nodeIds.length > 0) {
    const known = new Set((await findNodes(ctx.db, orgId)).map((n) => n.id));
    const unknown = nodeIds.find((id) => !known.has(id));
    if (unknown !== undefined) throw badRequest('unknown_node', `There is no group ${unknown} in this school`);
  }
  for (const postId of new Set(blocks.flatMap((b) => (b.options.postId === null ? [] : [b.options.postId])))) {
    if (!(await findPostRecord(ctx.db, orgId, postId))) throw badRequest('unknown_post', `There is no post ${postId} in this school`);
  }
  const formIds = [...new Set(blocks.flatMap((b) => (b.options.formId === null ? [] : [b.options.formId])))];
  const forms = await findFormIds(ctx.db, orgId, formIds);
  const unknownForm = formIds.find((id) => !forms.has(id));
  if (unknownForm !== undefined) throw badRequest('unknown_form', `There is no form ${unknownForm} in this school`);
}
