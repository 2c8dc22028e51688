import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, isSchoolAdmin, zId, type PolicyContext } from '../../policy/policy';
import { findNodeWithType } from './import.queries';

type NodeParams = { nodeId: number };

/** School administrators of the node's school; an unknown node is a 404 (after the admin check, so nothing leaks). */
async function isAdminOfNode({ caller, db, org, params }: PolicyContext<NodeParams>): Promise<boolean> {
  if (caller?.isAdmin !== true) return false;
  if (!(await findNodeWithType(db, org.id, params.nodeId))) throw notFound('There is no such node in this school');
  return true;
}

const nodeParams = z.object({ nodeId: zId });
const importParams = z.object({ nodeId: zId, id: zId });

export const importPolicies = {
  /** POST nodes/{nodeId}/imports: upload a CSV/XLSX of students and relatives (admins). */
  createImport: definePolicy({ method: 'POST', path: 'nodes/:nodeId/imports', params: nodeParams, check: isAdminOfNode }),
  /** GET nodes/{nodeId}/imports/{id}: preview, progress and result. */
  readImport: definePolicy({ method: 'GET', path: 'nodes/:nodeId/imports/:id', params: importParams, check: isAdminOfNode }),
  /** PUT nodes/{nodeId}/imports/{id}: change the sheet, header row, mapping or name order of a draft. */
  remapImport: definePolicy({ method: 'PUT', path: 'nodes/:nodeId/imports/:id', params: importParams, check: isAdminOfNode }),
  /** POST nodes/{nodeId}/imports/{id}/commit: write the rows. */
  commitImport: definePolicy({ method: 'POST', path: 'nodes/:nodeId/imports/:id/commit', params: importParams, check: isAdminOfNode }),
  /** GET nodes/{nodeId}/imports/{id}/bad-rows: the rows with errors as a file to fix. */
  readBadRows: definePolicy({ method: 'GET', path: 'nodes/:nodeId/imports/:id/bad-rows', params: importParams, check: isAdminOfNode }),
  /** GET import/template: the import template (the administrators who import). */
  readTemplate: definePolicy({ method: 'GET', path: 'import/template', check: isSchoolAdmin }),
};
