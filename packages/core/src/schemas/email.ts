import { z } from 'zod';
import { emailFormatMessage, isEmail } from '../email';

/** An email address by the one rule of `email.ts`, trimmed; refused with the spec §5 Added email text. */
export const ZEmail = z.string().trim().refine(isEmail, { error: emailFormatMessage });
