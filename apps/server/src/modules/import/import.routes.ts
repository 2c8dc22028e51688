import { hasForbiddenNameCharacters, ZImport, ZImportCommitRequest, ZImportFileQuery, ZImportMappingRequest } from '@patio/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendDownload } from '../../http/download';
import { badRequest, HttpError } from '../../http/errors';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, fileField, mime, uploadBody } from '../../http/schemas';
import { importPolicies } from './import.policy';
import { findNodeWithType } from './import.queries';
import { badRowsFile } from './import.bad-rows';
import { changeImport, commitImport, createImport, getImport } from './import.service';
import { importTemplate, type DownloadFile } from './import.template';

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Class-like nodes (classes and grades) take students; other nodes answer 400. */
export function isClassLikeType(typeKey: string): boolean {
  return /^(class|grade|course)/.test(typeKey);
}

export async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw badRequest('file_required', 'Send the file as multipart/form-data (field "file")');
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!part) throw badRequest('file_required', 'Send the file as multipart/form-data (field "file")');
  try {
    // The name is shown and stored: no control or invisible characters (PostgreSQL refuses NUL in text).
    const fileName = [...(part.filename ?? '')].filter((ch) => !hasForbiddenNameCharacters(ch)).join('').trim();
    return { fileName: fileName || 'import.csv', bytes: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'payload_too_large', 'The file is larger than 10 MB');
    }
    throw err;
  }
}

function sendFile(reply: FastifyReply, file: DownloadFile) {
  return sendDownload(reply, { fileName: file.fileName, fallbackName: 'import', contentType: file.contentType, body: file.body });
}

const spreadsheetAnswer = fileAnswer('The file: CSV (UTF-8 with BOM) or XLSX', mime.csv, mime.xlsx);

export async function importRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['import'];

  r.route({
    ...routeOf(importPolicies.createImport),
    schema: {
      tags,
      summary: 'Upload a CSV or XLSX of students and their relatives (school administrators)',
      description:
        'multipart/form-data with one file (≤ 10 MB). CSV in UTF-8 or UTF-16 (a BOM says which; UTF-8 ' +
        'without one when its bytes are valid UTF-8) or else Windows-1252 (Excel on Windows), separated by , ' +
        'or ; or tab; or XLSX with any number of sheets, whose hidden columns are listed in `hiddenColumns` ' +
        'and left out of the guessed mapping (the administrator may still pick one). Title, blank and merged rows above ' +
        'the column titles are skipped: the header is the row (among the first 30) that names the most known ' +
        'columns, in the first sheet that has one (`sheet`, `headerRow`, `headerFound`; `topRows` and ' +
        '`sheets` let the administrator pick others with PUT). Answers a draft: the columns, a guessed mapping, ' +
        'the first 50 rows (`rows`, `rowNumbers`) and how they will be imported (`preview`: names split, ' +
        'dates as YYYY-MM-DD, phones as digits), the columns whose names are split (`nameSplit`), every row ' +
        'error (a document that belongs to a pending or rejected self-registration is one) and warnings ' +
        '(`document_leading_zeros`: a number document shorter than its column’s usual length, imported as ' +
        'written). Row numbers are those the spreadsheet shows. ' +
        'Nothing is written to people until commit. The node must be a class or grade. The file is read ' +
        'apart from the server (a worker thread with its own memory and 30 s): at most 20,000 rows, 100 ' +
        'columns and 1,000,000 cells, an XLSX at most 500 parts unpacking to 48 MB each and 64 MB in all, ' +
        'compressed at most 100:1 — 413 `file_too_large`, `too_many_rows`, `too_many_columns`, ' +
        '`too_many_cells` or `file_too_complex` (memory or time ran out) otherwise; 400 `invalid_file` ' +
        'for an unreadable or empty file.',
      consumes: ['multipart/form-data'],
      documentedBody: uploadBody({ file: fileField('The CSV or XLSX file (≤ 10 MB)') }),
      params: paramsOf(importPolicies.createImport),
      response: { 201: ZImport, ...errors(400, 401, 403, 404, 413) },
    },
    handler: async (request, reply) => {
      const ctx = contextOf(request);
      const node = await findNodeWithType(ctx.db, ctx.org.id, request.params.nodeId);
      if (node && !isClassLikeType(node.typeKey)) throw badRequest('not_a_class', 'Students are imported into a class or grade');
      const upload = await readUpload(request);
      reply.code(201);
      return createImport(ctx, request.params.nodeId, upload);
    },
  });

  r.route({
    ...routeOf(importPolicies.readImport),
    schema: {
      tags,
      summary: 'An import: preview and errors (draft), progress (committing) or the result report (done)',
      params: paramsOf(importPolicies.readImport),
      response: { 200: ZImport, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getImport(contextOf(request), request.params.nodeId, request.params.id),
  });

  r.route({
    ...routeOf(importPolicies.remapImport),
    schema: {
      tags,
      summary: 'Change the sheet, header row, column mapping or name order of a draft import; every row is validated again',
      description:
        'Any of: `sheet` (an index of `sheets`: its header row is found again), `headerRow` (a row of the sheet ' +
        'with the column titles; 400 `invalid_header_row` when that row is empty), both of which guess the ' +
        'mapping again unless `mapping` is sent too; `mapping` alone; `nameOrders` (how the full-name columns ' +
        'are written: `given-first` or `family-first`). 400 `invalid_sheet` for a sheet the file does not have, ' +
        '409 `import_not_draft` once committed.',
      params: paramsOf(importPolicies.remapImport),
      body: ZImportMappingRequest,
      response: { 200: ZImport, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => changeImport(contextOf(request), request.params.nodeId, request.params.id, request.body),
  });

  r.route({
    ...routeOf(importPolicies.commitImport),
    schema: {
      tags,
      summary: 'Commit a draft import in one transaction',
      description:
        'Refused with 409 `import_has_errors` while any row has errors, unless `skipInvalid` is true: then ' +
        'the rows without errors are written and the others left out (`result.skipped`; download them from ' +
        '`bad-rows`). A missing column is never skipped (409 `import_has_errors`), nor a file with no valid ' +
        'row (409 `import_nothing_valid`). Students are matched by normalised document within ' +
        'the school (re-importing updates them, never duplicates; people whose self-registration is pending ' +
        'or rejected are never matched), relatives likewise; relationships are stored in both directions ' +
        'and the students become members of the node (enrollment active, or pending). 409 `import_busy` ' +
        'while another process commits it (a commit whose process died can be retried at once), 409 ' +
        '`document_taken` when a concurrent change added one of its people twice over.',
      params: paramsOf(importPolicies.commitImport),
      body: ZImportCommitRequest.nullish(),
      response: { 200: ZImport, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      commitImport(contextOf(request), request.params.nodeId, request.params.id, request.body ?? { enrollmentStatus: 'active' }),
  });

  r.route({
    ...routeOf(importPolicies.readBadRows),
    schema: {
      tags,
      summary: 'The rows of an import that have errors, as a CSV or XLSX file to fix and import again',
      description:
        'The file’s own column titles and cells of every row with errors (every row when a column is ' +
        'missing), plus a last column with the problems in `lang`. Works on a draft and after a commit with ' +
        '`skipInvalid` (the rows it left out). XLSX cells are plain text, never formulas; in the CSV (UTF-8 ' +
        'with BOM) a cell that starts with =, +, -, @ gets a leading apostrophe. `delimiter` defaults to the one of ' +
        '`lang`: semicolon where its decimal separator is a comma (es, de, fr, it, pt), comma for English.',
      params: paramsOf(importPolicies.readBadRows),
      querystring: ZImportFileQuery,
      response: { 200: spreadsheetAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const ctx = contextOf(request);
      return sendFile(reply, await badRowsFile(ctx.db, ctx.org.id, request.params, request.query));
    },
  });

  r.route({
    ...routeOf(importPolicies.readTemplate),
    schema: {
      tags,
      summary: 'The import template in a language: CSV (column titles) or XLSX (titles, formats, instructions)',
      description:
        'The column titles are the field names of the import screen in `lang`; an upload recognises them in ' +
        'any of the six languages. Required: first names, last name, document (and the relative’s when a row ' +
        'names one). The XLSX formats documents, phones and codes as text, the birthday as a date, and explains ' +
        'every column on a second sheet. `delimiter` (CSV) defaults to the one of `lang`: ' +
        'semicolon where its decimal separator is a comma (es, de, fr, it, pt), comma for English.',
      params: paramsOf(importPolicies.readTemplate),
      querystring: ZImportFileQuery,
      response: { 200: spreadsheetAnswer, ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => sendFile(reply, await importTemplate(request.query)),
  });
}
