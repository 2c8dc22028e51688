import { z } from 'zod';

/** Body of every non-2xx API answer (DESIGN "Errors"). */
export const ZApiError = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ZApiError>;
