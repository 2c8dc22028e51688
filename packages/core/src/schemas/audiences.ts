import { z } from 'zod';

/**
 * An audience rule: a comparison {field, op, args} or {op: and|or|not, args: [rules]}. The tree is
 * checked by parseAudienceRule (fields, operators, argument types), which gives clearer messages
 * than a schema could.
 */
export const ZAudienceRule = z
  .object({ field: z.string().optional(), op: z.string(), args: z.array(z.unknown()).optional() })
  .describe('{field, op, args} or {op: "and"|"or"|"not", args: [rules]}');

/** Body of POST audiences/preview. */
export const ZAudiencePreviewRequest = z.object({
  rules: ZAudienceRule,
  includeRelatives: z.boolean().default(false),
});
export type AudiencePreviewRequest = z.infer<typeof ZAudiencePreviewRequest>;

export const ZAudienceMember = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  lastName2: z.string().nullable(),
  avatar: z.string().nullable(),
});

/** Answer of POST audiences/preview: how many people match and the first 20 of them. */
export const ZAudiencePreview = z.object({
  count: z.number().int(),
  sample: z.array(ZAudienceMember),
});
export type AudiencePreview = z.infer<typeof ZAudiencePreview>;
