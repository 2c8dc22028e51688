import { z } from 'zod';
import { LANGUAGES } from '../constants';

export const ZLanguage = z.enum(LANGUAGES);
export type Language = z.infer<typeof ZLanguage>;

/**
 * A person as GET people/{id} answers it. Fields beyond id and names are present only when the
 * caller may see them (the person, their relatives, staff); others get the public card.
 */
export const ZPerson = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  lastName2: z.string().nullable(),
  avatar: z.string().nullable(),
  gender: z.enum(['female', 'male']).nullable().optional(),
  document: z.string().nullable().optional(),
  birthday: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  mobile: z.string().nullable().optional(),
  studentCode: z.string().nullable().optional(),
  language: ZLanguage.nullable().optional(),
  roles: z.array(z.string()).optional(),
  isAdmin: z.boolean().optional(),
});
export type Person = z.infer<typeof ZPerson>;

/** Body of POST people/{id}/devices (spec §3 Device registration). */
export const ZDeviceRegistration = z.object({
  token: z.string().min(1).max(4096),
  platform: z.string().min(1).max(40),
  model: z.string().max(120).default(''),
  uuid: z.string().min(1).max(200),
});
export type DeviceRegistration = z.infer<typeof ZDeviceRegistration>;

/** Body of POST allowed: the paths to check. Answer: path → may the caller access it. */
export const ZAllowedRequest = z.array(z.string().max(500)).max(200);
export const ZAllowedResponse = z.record(z.string(), z.boolean());
