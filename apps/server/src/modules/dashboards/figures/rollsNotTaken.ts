import { findNodes, subtreeIds } from '../../nodes/index';
import { getAttendanceDay } from '../../attendance/index';
import type { Figure } from './figure';

// Class rolls not taken on the period's last day (issue 36 §2; "rolls not taken" on Inicio): the
// attendance area's list of the day (the nodes of the viewer's reach with a checkpoint, or a class with
// current students), its class checkpoints only, narrowed to the filter's subtree; a roll is missing
// while its checkpoint has no mark that day.

export const rollsNotTakenFigure: Figure<'rollsNotTaken'> = async (ctx, request) => {
  const day = await getAttendanceDay(ctx, request.to);
  const scope = request.node && new Set(subtreeIds(await findNodes(ctx.db, ctx.org.id), request.node.id));
  const due = day.checkpoints.filter((c) => c.checkpoint.type === 'class' && (!scope || scope.has(c.checkpoint.node.id)));
  return {
    kind: 'rollsNotTaken',
    day: request.to,
    node: request.node,
    expected: due.length,
    missing: due.filter((c) => !c.taken).map((c) => ({ node: c.checkpoint.node, checkpointId: c.checkpoint.id })),
  };
};
