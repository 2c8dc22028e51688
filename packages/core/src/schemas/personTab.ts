import { z } from 'zod';
import { ZDay } from './billing';
import { ZId } from './ids';

// A person's tab in the staff workspace (issue 36 §1): their key facts, each exactly as much as the
// viewer's rights allow. A fact the viewer may not see is null, never a zero.

const ZRef = z.object({ id: ZId, name: z.string() });

/** Days of attendance the overview counts back from today (school time zone, today included). */
export const OVERVIEW_ATTENDANCE_DAYS = 30;
/** Threads the overview lists. */
export const OVERVIEW_RECENT_THREADS = 5;

/** GET people/{id}/overview. */
export const ZPersonOverview = z.object({
  person: z.object({ id: ZId, firstName: z.string(), lastName: z.string() }),
  /** The person's marks over the last OVERVIEW_ATTENDANCE_DAYS days; null: not a student, or the viewer may not see them. */
  attendance: z
    .object({
      from: ZDay,
      to: ZDay,
      present: z.number().int(),
      absent: z.number().int(),
      late: z.number().int(),
      excused: z.number().int(),
      rate: z.number().nullable(),
    })
    .nullable(),
  /** What the person's family owes (as GET people/{id}/billing/balance); null where the viewer may not see billing. */
  balance: z
    .object({ currency: z.string(), balance: z.number().int(), pending: z.number().int(), overdue: z.number().int(), overdueCount: z.number().int() })
    .nullable(),
  /** Bus routes the person rides or works on; null where the viewer may not see transport. */
  transport: z.array(z.object({ route: ZRef, role: z.enum(['rider', 'crew']), stop: z.string().nullable() })).nullable(),
  /** Current memberships the viewer may see (role as stored: student, teacher, employee, …). */
  groups: z.array(z.object({ node: ZRef, role: z.string() })),
  /** The newest threads of the viewer's own box the person takes part in (author or recipient), newest first. */
  recentThreads: z.array(z.object({ threadId: ZId, title: z.string(), type: z.string(), lastAt: z.number().int().describe('epoch ms'), unread: z.boolean() })),
});
export type PersonOverview = z.infer<typeof ZPersonOverview>;

/** GET people/{id}/addressed?list=&page=&limit=: which of the posts addressed to the person. */
export const PERSON_POST_LISTS = ['announcements', 'highlights'] as const;
export const ZPersonPostsQuery = z.object({
  list: z
    .enum(PERSON_POST_LISTS)
    .default('announcements')
    .describe('announcements: every post of a type other than a private message that reached them; highlights: those on their highlights board'),
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/)
    .transform(Number)
    .default(1),
  limit: z
    .string()
    .regex(/^[1-9][0-9]?$/)
    .transform(Number)
    .pipe(z.number().int().max(50))
    .default(20),
});

/** One post addressed to the person that the viewer may read too, newest first. */
export const ZAddressedPost = z.object({
  postId: ZId,
  threadId: ZId,
  type: z.string(),
  title: z.string(),
  excerpt: z.string().describe('Plain text, at most 200 characters'),
  author: z.object({ id: ZId, firstName: z.string(), lastName: z.string() }),
  publishDate: z.string(),
  /** Whether the person read it: for the post's author and administrators; null for other viewers. */
  read: z.boolean().nullable(),
});
export type AddressedPost = z.infer<typeof ZAddressedPost>;
export const ZAddressedPosts = z.object({ items: z.array(ZAddressedPost), total: z.number().int() });
export type AddressedPosts = z.infer<typeof ZAddressedPosts>;
