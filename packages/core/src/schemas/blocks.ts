import { z } from 'zod';
import { ZPostAuthor } from './posts';
import { BLOCK_TYPES } from '../constants';

// Content blocks (spec §3 Block, File resource, Form entity, Form record, HTML media; §7 paths).
// Every path below is relative to a school's API base, /api/{org}/.

export const ZBlockType = z.enum(BLOCK_TYPES);
export type BlockType = z.infer<typeof ZBlockType>;

/** Longest block url (a path of ours or a web address). */
export const BLOCK_URL_MAX = 2000;
/** Most blocks in one post. */
export const BLOCKS_PER_POST_MAX = 50;

const ZBlockOptions = z.record(z.string().max(60), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
  .refine((o) => Object.keys(o).length <= 20, 'At most 20 options')
  .describe('Small settings of the block; files: {gallery: 1} for gallery mode');

/** POST posts/{id}/blocks: a new block at the end (url usually null: the block gets one on first load, spec §4). */
export const ZBlockInput = z.strictObject({
  type: ZBlockType,
  url: z.string().max(BLOCK_URL_MAX).nullable().optional(),
  options: ZBlockOptions.optional(),
});
export type BlockInput = z.infer<typeof ZBlockInput>;

/** PUT posts/{id}/blocks/{blockId}: any of url, options, and position (0-based; the others shift). */
export const ZBlockUpdate = z.strictObject({
  url: z.string().max(BLOCK_URL_MAX).nullable().optional(),
  options: ZBlockOptions.optional(),
  position: z.number().int().min(0).max(BLOCKS_PER_POST_MAX).optional(),
});
export type BlockUpdate = z.infer<typeof ZBlockUpdate>;

// ---------------------------------------------------------------------------------------------
// Files

/**
 * A stored file (spec §3 File resource). `url`, `downloadUrl`, `preview`, `thumbnail` and `large` are
 * signed addresses (/api/{org}/files/{id}/{variant}?expires&sig) that work in <img> and <a download>
 * without a token; `{endpoint}/{path}` is the file's API path, used with the bearer token.
 */
export const ZFileResource = z.object({
  id: z.number().int(),
  name: z.string().describe('The file name as uploaded'),
  title: z.string(),
  mimetype: z.string(),
  size: z.number().int().describe('Bytes'),
  endpoint: z.string().describe('The folder, e.g. posts/12/resources/files/block-4821'),
  path: z.string().describe('The file inside its folder'),
  url: z.string().describe('Signed address of the whole file, shown in place where that is safe (pictures, video, sound, PDF)'),
  downloadUrl: z.string().describe('Signed address of the whole file as an attachment'),
  preview: z.string().nullable().describe('Signed address of an image rendition 8x the thumbnail; null for other files'),
  thumbnail: z.string().nullable().describe('Signed address of a small square-ish image; null for other files'),
  large: z.string().nullable().describe('Signed address of an image rendition 16x the thumbnail (large screens)'),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.string(),
  deleteDate: z.string().nullable().describe('Set when the file was deleted (soft delete)'),
});
export type FileResource = z.infer<typeof ZFileResource>;

/** PUT {endpoint}/{path}: a new title (trimmed; blank or unchanged is ignored), or deleteDate set to delete it. */
export const ZFileUpdate = z.object({
  title: z.string().max(255).optional(),
  deleteDate: z.union([z.string().max(40), z.number(), z.null()]).optional(),
}).passthrough();
export type FileUpdate = z.infer<typeof ZFileUpdate>;

/** Files per request of a folder upload. */
export const UPLOAD_MAX_FILES = 20;
/** Largest signed-out upload (people/anon/uploads). */
export const ANON_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Signed-out uploads are removed after this long. */
export const ANON_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Width and height box of a thumbnail, in pixels; previews are 8x, large renditions 16x (spec §9). */
export const THUMBNAIL_PX = 96;

// ---------------------------------------------------------------------------------------------
// Forms and polls

export const FORM_FIELD_TYPES = ['text', 'textarea', 'select', 'checkbox'] as const;
export const ZFormFieldType = z.enum(FORM_FIELD_TYPES);
export const FORM_MAX_FIELDS = 100;
export const FORM_TEXT_MAX = 2000;
export const FORM_TEXTAREA_MAX = 20000;

export const ZFormField = z.object({
  name: z.string().trim().min(1).max(60).regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, _ and - only'),
  type: ZFormFieldType,
  title: z.string().max(500).default(''),
  description: z.string().max(2000).default(''),
  options: z.string().max(10000).default('').describe('Newline-separated choices of a select'),
  order: z.number().int().min(0).max(10000),
});
export type FormField = z.infer<typeof ZFormField>;

/** POST data/entities and PUT data/entities/{id} (the whole form). Field names are unique. */
export const ZFormInput = z.object({
  title: z.string().max(500).default(''),
  description: z.string().max(5000).default(''),
  fields: z.array(ZFormField).max(FORM_MAX_FIELDS).default([])
    .refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, 'Field names must be unique'),
});
export type FormInput = z.infer<typeof ZFormInput>;

export const ZFormEntity = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  fields: z.array(ZFormField),
  ownerId: z.number().int(),
  updatedAt: z.string(),
});
export type FormEntity = z.infer<typeof ZFormEntity>;

/** One form of GET data/entities: the caller's forms (administrators: the school's), newest first. */
export const ZFormSummary = z.object({ id: z.number().int(), title: z.string(), ownerId: z.number().int(), updatedAt: z.string() });
export type FormSummary = z.infer<typeof ZFormSummary>;
/** Most forms GET data/entities answers. */
export const FORM_LIST_LIMIT = 50;

/** A value of a form record: text, a select's choice, or a checkbox (1 checked, 0 not). */
export const ZFormValue = z.union([z.string().max(FORM_TEXTAREA_MAX), z.number(), z.boolean(), z.null()]);
/** POST people/{personId}/data/entities/{formId}/records: the answers keyed by field name. */
export const ZFormRecordInput = z.record(z.string().max(60), ZFormValue);
export type FormRecordInput = z.infer<typeof ZFormRecordInput>;

/** A person's answers (spec §3 Form record). Checkbox values are 1 or 0. */
export const ZFormRecord = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  personId: z.number().int(),
  answeredBy: z.number().int(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
});
export type FormRecord = z.infer<typeof ZFormRecord>;

/** GET data/entities/{id}/results: counts per choice, for the form's owner. */
export const ZFormResults = z.object({
  formId: z.number().int(),
  answered: z.number().int(),
  audience: z.number().int().nullable().describe('People the form\'s posts reached; null when no published post carries it'),
  fields: z.array(z.object({
    name: z.string(),
    title: z.string(),
    type: ZFormFieldType,
    /** select: one entry per choice; checkbox: 'checked'; text fields: none. */
    counts: z.array(z.object({ option: z.string(), count: z.number().int() })),
    answers: z.number().int().describe('Records with a non-empty value for this field'),
  })),
});
export type FormResults = z.infer<typeof ZFormResults>;

/** GET data/entities/{id}/records (paged): each answer with who it is for and who sent it. */
export const ZFormAnswer = z.object({
  person: ZPostAuthor,
  answeredBy: ZPostAuthor,
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
});
export type FormAnswer = z.infer<typeof ZFormAnswer>;

/** GET data/entities/{id}/pending (paged): people the form reached who have not answered. */
export const ZFormPending = ZPostAuthor;

// ---------------------------------------------------------------------------------------------
// Html

export const HTML_BODY_MAX = 200_000;
/** POST media/html, PUT media/html/{id}. */
export const ZHtmlInput = z.object({ body: z.string().max(HTML_BODY_MAX) });
/** Spec §3 HTML media; body sanitised on the server. */
export const ZHtmlMedia = z.object({ id: z.number().int(), body: z.string() });
export type HtmlMedia = z.infer<typeof ZHtmlMedia>;
