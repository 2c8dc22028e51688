import { MAX_DESCRIPTION_BYTES } from '@patio/core';

/**
 * Body limit of the routes that take a whole post: room for the largest description as JSON (escaped
 * quotes and non-ASCII grow it) plus an audience of 20,000 ids, so the description's own 413 (with
 * its clear message) decides, not the server-wide 1 MiB limit.
 */
export const POST_BODY_LIMIT = 4 * MAX_DESCRIPTION_BYTES;
