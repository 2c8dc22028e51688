import { z } from 'zod';
import { notFound } from '../../http/errors';
import { always, definePolicy, isSelf, type PolicyContext, zId } from '../../policy/policy';
import { canReadPost } from '../posts/index';
import { assertBlockSegment, fileIdOf } from './files.folders';
import { findPostForFiles } from './files.queries';
import { FILE_VARIANTS } from './files.signing';

// Who may use which folder (contract "Folder routes"). A files block follows its post: its readers
// (posts area, postAccess) read it; its author — or, once it is published, a school administrator —
// writes to it; anyone else hears 404, as for the post itself. A person's uploads are theirs alone;
// the signed-out folder is open to all and split by upload key in the service; a signed address is
// its own permission. Path segments are checked first: `..`, `%2e%2e` or a name is 400 `invalid_path`.

const blockFolder = z.object({ id: zId, block: z.string() });
const blockFile = z.object({ id: zId, block: z.string(), fileId: z.string() });
const person = z.object({ id: zId });
const personFile = z.object({ id: zId, fileId: z.string() });
const anonFile = z.object({ fileId: z.string() });
const signed = z.object({ fileId: zId, variant: z.enum(FILE_VARIANTS) });

type BlockParams = { id: number; block: string; fileId?: string };

function assertPath(params: { block?: string; fileId?: string }): void {
  if (params.block !== undefined) assertBlockSegment(params.block);
  if (params.fileId !== undefined) fileIdOf(params.fileId);
}

const hiddenPost = () => notFound('There is no such post, or it is not addressed to you');

/** Readers of the post; 404 for everyone else and for another school's post ids. */
async function readsBlock({ caller, db, org, params }: PolicyContext<BlockParams>): Promise<boolean> {
  assertPath(params);
  if (!caller || !(await findPostForFiles(db, org.id, params.id)) || !(await canReadPost(db, caller, params.id))) throw hiddenPost();
  return true;
}

/** The post's author in any status; a school administrator once it is published; other readers 403, the rest 404. */
async function writesBlock({ caller, db, org, params }: PolicyContext<BlockParams>): Promise<boolean> {
  assertPath(params);
  const post = await findPostForFiles(db, org.id, params.id);
  if (!caller || !post) throw hiddenPost();
  if (post.author_id === caller.id) return true;
  if (!(await canReadPost(db, caller, params.id))) throw hiddenPost();
  return caller.isAdmin && post.status === 'published';
}

/** Only the person of the path, once the file path is a number. */
function ownsUpload(ctx: PolicyContext<{ id: number; fileId: string }>): boolean {
  assertPath(ctx.params);
  return isSelf(ctx);
}

function anyFilePath({ params }: PolicyContext<{ fileId: string }>): boolean {
  assertPath(params);
  return true;
}

const blockPath = 'posts/:id/resources/files/:block';
const personPath = 'people/:id/uploads';
const anonPath = 'people/anon/uploads';

export const filesPolicies = {
  listBlock: definePolicy({ method: 'GET', path: blockPath, params: blockFolder, check: readsBlock }),
  uploadToBlock: definePolicy({ method: 'POST', path: blockPath, params: blockFolder, check: writesBlock }),
  readBlockFile: definePolicy({ method: 'GET', path: `${blockPath}/:fileId`, params: blockFile, check: readsBlock }),
  changeBlockFile: definePolicy({ method: 'PUT', path: `${blockPath}/:fileId`, params: blockFile, check: writesBlock }),
  deleteBlockFile: definePolicy({ method: 'DELETE', path: `${blockPath}/:fileId`, params: blockFile, check: writesBlock }),

  listUploads: definePolicy({ method: 'GET', path: personPath, params: person, check: isSelf }),
  upload: definePolicy({ method: 'POST', path: personPath, params: person, check: isSelf }),
  readUpload: definePolicy({ method: 'GET', path: `${personPath}/:fileId`, params: personFile, check: ownsUpload }),
  changeUpload: definePolicy({ method: 'PUT', path: `${personPath}/:fileId`, params: personFile, check: ownsUpload }),
  deleteUpload: definePolicy({ method: 'DELETE', path: `${personPath}/:fileId`, params: personFile, check: ownsUpload }),

  /** Signed out: no token needed; the X-Upload-Key header picks the browser's own files. */
  listAnonUploads: definePolicy({ method: 'GET', path: anonPath, public: true, check: always }),
  anonUpload: definePolicy({ method: 'POST', path: anonPath, public: true, check: always }),
  readAnonUpload: definePolicy({ method: 'GET', path: `${anonPath}/:fileId`, params: anonFile, public: true, check: anyFilePath }),
  changeAnonUpload: definePolicy({ method: 'PUT', path: `${anonPath}/:fileId`, params: anonFile, public: true, check: anyFilePath }),
  deleteAnonUpload: definePolicy({ method: 'DELETE', path: `${anonPath}/:fileId`, params: anonFile, public: true, check: anyFilePath }),

  /** A signed address: <img> and downloads send no token; the signature is checked by the service. */
  readSigned: definePolicy({ method: 'GET', path: 'files/:fileId/:variant', params: signed, public: true, check: always }),
};
