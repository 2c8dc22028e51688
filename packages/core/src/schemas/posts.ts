import { z } from 'zod';
import { ZAudienceRule } from './audiences';
import { ZId, ZIdText, zQueryInteger } from './ids';
import { ZLanguage } from './person';
import { ZEventInput, ZPostEvent } from './calendar';
import { BLOCK_TYPES, TRAIL_LIMIT } from '../constants';

// Posts, their audience and settings, threads and their folders, post types (spec §1, §3 Post,
// Post types, Post settings, Thread filters; issue "Posts and messaging" §2 for the paths).

/** The 18 kinds of post of spec §3, seeded per school. */
export const POST_TYPE_KEYS = [
  'absence',
  'urgent_notice',
  'bulletin',
  'circular',
  'classified',
  'payment',
  'announcement',
  'document',
  'poll',
  'event',
  'message',
  'news',
  'notification',
  'transport_news',
  'process',
  'meeting',
  'follow_up',
  'task',
] as const;
export const ZPostTypeKey = z.enum(POST_TYPE_KEYS);
export type PostTypeKey = z.infer<typeof ZPostTypeKey>;

/**
 * Issue 33: the kinds of post written for families, so compose warns when one reaches no relative
 * (a circular sent to 7A's students alone never reaches a parent). Chosen for what a school sends
 * home: notices, circulars, bulletins, announcements, events and meetings, payments, transport news
 * and procedures. Left out: what families write (absence), what goes either way or to anyone
 * (message, poll, news, classified, document, notification) and what is for students or staff
 * (task, follow_up).
 */
export const FAMILY_FACING_POST_TYPES: readonly PostTypeKey[] = [
  'urgent_notice',
  'bulletin',
  'circular',
  'payment',
  'announcement',
  'event',
  'transport_news',
  'process',
  'meeting',
];

/** Tells whether a kind of post is written for families (FAMILY_FACING_POST_TYPES). */
export function isFamilyFacingPostType(type: string): boolean {
  return (FAMILY_FACING_POST_TYPES as readonly string[]).includes(type);
}

/** Largest stored description (sanitised HTML): a bigger body is 413 `payload_too_large`. */
export const MAX_DESCRIPTION_BYTES = 1_000_000;
export const MAX_TITLE_LENGTH = 300;

/** A colour as #rrggbb. */
const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #rrggbb');
/** An icon name of the web's icon set (Tabler), e.g. `speakerphone`. */
const ZIconName = z.string().regex(/^[a-z0-9-]{1,60}$/, 'An icon name is lowercase letters, digits and dashes');

const ZTypeNames = z.object({ singular: z.string().trim().min(1).max(80), plural: z.string().trim().min(1).max(80) });

/** One post type as GET post-types answers it: names in the caller's language, and all six for editing. */
export const ZPostType = z.object({
  type: ZPostTypeKey,
  singular: z.string(),
  plural: z.string(),
  icon: z.string(),
  color: z.string(),
  visible: z.boolean().describe('Hidden types are not offered when composing; their threads stay out of the inbox (its list, groups and unread counts) and are listed under Hidden messages (GET people/{me}/threads/feed?hidden=true)'),
  names: z.record(ZLanguage, ZTypeNames).describe('Singular and plural in each of the six languages'),
});
export type PostType = z.infer<typeof ZPostType>;

/** Body of PUT post-types/{type} (administrators): any of the fields; names per language. */
export const ZPostTypeUpdate = z
  .object({
    names: z.partialRecord(ZLanguage, ZTypeNames).optional(),
    icon: ZIconName.optional(),
    color: ZHexColor.optional(),
    visible: z.boolean().optional(),
  })
  .strict();
export type PostTypeUpdate = z.infer<typeof ZPostTypeUpdate>;

export const ZPostTypeParams = z.object({ type: ZPostTypeKey });

/** A message type of GET people/{me}/threads2/types (spec §3 Message type): a post type with the caller's unread count. */
export const ZMessageType = z.object({
  id: ZPostTypeKey,
  singular: z.string(),
  plural: z.string(),
  icon: z.string(),
  color: z.string(),
  unread: z.number().int().describe("Threads of this type in the caller's inbox with unread posts"),
});
export type MessageType = z.infer<typeof ZMessageType>;

/** Who may reply to a post: nobody, only its author, or every recipient. */
export const ZReplies = z.enum(['off', 'author', 'all']);
export type Replies = z.infer<typeof ZReplies>;

/** Post settings of spec §3. */
export const ZPostSettings = z
  .object({
    highlight: z.boolean().default(false).describe('Shown on the recipients’ highlights board'),
    notifications: z.boolean().default(true).describe('Recipients are notified on their channels'),
    recipientsVisible: z.boolean().default(false).describe('Recipients may see who else received it'),
    replies: ZReplies.default('author'),
    forward: z.boolean().default(false).describe('Recipients may quote it in a post of their own'),
  })
  .strict();
export type PostSettings = z.infer<typeof ZPostSettings>;

/** Who a post goes to: people by id, a person-selection rule, and optionally their parent-like relatives. */
export const ZAudience = z
  .object({
    people: z.array(ZId).max(20_000).default([]),
    rules: ZAudienceRule.nullable().default(null),
    relatives: z.boolean().default(false).describe('Adds the parent-like relatives of everyone selected'),
  })
  .strict();
export type Audience = z.infer<typeof ZAudience>;

/**
 * Answer of POST people/{me}/posts/audience-summary (issue 33): who a post with this audience would
 * reach if published now, counted as publishing counts them (the author left out). A person in two
 * kinds (a teacher who is also a parent) counts in each, so the kinds may add up to more than `count`.
 */
export const ZAudienceSummary = z.object({
  count: z.number().int().describe('People the post would reach'),
  students: z.number().int().describe('Of them, current students of some group'),
  relatives: z.number().int().describe('Of them, parent-like relatives of someone in the school'),
  staff: z.number().int().describe('Of them, administrators, teachers, substitute teachers, group directors and employees'),
});
export type AudienceSummary = z.infer<typeof ZAudienceSummary>;

/** An instant as ISO 8601 with a zone (`2026-11-23T08:00:00Z` or with an offset). */
const ZInstant = z.iso.datetime({ offset: true });

/** The post a draft holds or a publish sends (whole post; PUT posts/{id} replaces a draft with it). */
export const ZPostInput = z
  .object({
    type: ZPostTypeKey.default('message'),
    title: z.string().max(MAX_TITLE_LENGTH).default(''),
    description: z.string().default('').describe(`HTML; sanitised when stored; over ${MAX_DESCRIPTION_BYTES} bytes is 413`),
    audience: ZAudience.default({ people: [], rules: null, relatives: false }),
    settings: ZPostSettings.default({ highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false }),
    quotes: z.array(ZId).max(20).default([]).describe('Posts quoted in this one (each must be readable by the author)'),
    publishDate: ZInstant.nullable().default(null).describe('A future date schedules the post; null publishes now'),
    expirationDate: ZInstant.nullable().default(null).describe('After it, replies are refused with 409 `expired`'),
    event: ZEventInput.nullable().default(null).describe('A calendar event riding on the post: its readers are the audience'),
    language: ZLanguage.optional().describe('The language the post is written in; left out: the author’s interface language (readers may translate it)'),
  })
  .strict();
export type PostInput = z.infer<typeof ZPostInput>;

/** Body of POST people/{me}/posts/sent: a whole post, or `{draft}` to publish a saved draft. */
export const ZPublishRequest = z.union([z.object({ draft: ZId }).strict(), ZPostInput]);
export type PublishRequest = z.infer<typeof ZPublishRequest>;

/** Answer of publishing. */
export const ZPublished = z.object({
  id: z.number().int(),
  thread: z.number().int(),
  audienceCount: z.number().int(),
  publishDate: z.string(),
  scheduled: z.boolean().describe('True when publishDate is in the future: recipients get it then'),
});
export type Published = z.infer<typeof ZPublished>;

export const ZCreated = z.object({ id: z.number().int() });

/** The author of a post as cards show it. */
export const ZPostAuthor = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  lastName2: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof ZPostAuthor>;
/** One person a post reached (GET posts/{id}/recipients): the same card, never their read state. */
export const ZPostRecipient = ZPostAuthor;
export type PostRecipient = PostAuthor;

/** A content block (the Blocks issue fills them); kept as an ordered list. */
export const ZBlock = z.object({
  id: z.number().int(),
  type: z.enum(BLOCK_TYPES),
  url: z.string().nullable(),
  options: z.record(z.string(), z.unknown()),
  proxiedUrl: z
    .string()
    .optional()
    .describe("An image block's picture of another site as readers load it: a signed /proxy/ address (issue 33); absent when `url` is shown as it is"),
});

/** A quoted post inside a card (one level; its own quotes are reached by opening it). */
export const ZQuotedPost = z.object({
  id: z.number().int(),
  type: ZPostTypeKey,
  title: z.string(),
  description: z.string(),
  author: ZPostAuthor,
  publishDate: z.string(),
  thread: z.number().int(),
});
export type QuotedPost = z.infer<typeof ZQuotedPost>;

/** A post as its card shows it (spec §2 Post card, §3 Post). */
export const ZPost = z.object({
  id: z.number().int(),
  type: ZPostTypeKey,
  title: z.string(),
  description: z.string().describe('Sanitised HTML'),
  author: ZPostAuthor,
  publishDate: z.string(),
  expirationDate: z.string().nullable(),
  expired: z.boolean(),
  audienceCount: z.number().int().describe('People the post was delivered to (the audience text of spec §6)'),
  settings: ZPostSettings,
  blocks: z.array(ZBlock),
  quotes: z.array(ZQuotedPost),
  replyTo: z.number().int().nullable().describe('The post this one answers (its trail: GET posts/{id}/trail)'),
  event: ZPostEvent.nullable().describe('The calendar event of the post (details, RSVP: GET calendar/events/{id})'),
  thread: z.number().int(),
  status: z.enum(['draft', 'scheduled', 'published']),
  language: ZLanguage.describe('The language the post was written in (POST posts/{id}/translations translates it)'),
});
export type Post = z.infer<typeof ZPost>;

/** A draft as its author reopens it: the input plus its id and when it was last saved. */
export const ZDraft = ZPostInput.extend({ id: z.number().int(), updatedAt: z.string(), event: ZPostEvent.nullable() });
export type Draft = z.infer<typeof ZDraft>;

/** One step of a trail (spec §2 Post trail view): the post, then recursively the one it replies to. */
export const ZTrailEntry = z.object({
  id: z.number().int(),
  author: z.object({ firstName: z.string(), lastName: z.string() }),
  publishDate: z.string(),
  description: z.string(),
});
export type TrailEntry = z.infer<typeof ZTrailEntry>;
export const ZTrailQuery = z.object({ limit: zQueryInteger(1, TRAIL_LIMIT).default(TRAIL_LIMIT) });

/** The three folders of a person's threads. */
export const ZFolder = z.enum(['feed', 'archive', 'trash']);
export type Folder = z.infer<typeof ZFolder>;
/** What POST people/{me}/threads/{action} does: move to a folder or mark. */
export const ZThreadAction = z.enum(['feed', 'archive', 'trash', 'read', 'unread']);
export type ThreadAction = z.infer<typeof ZThreadAction>;
export const ZThreadIds = z.array(ZId).min(1).max(500);
/** Answer of POST people/{me}/threads/{action}: how many threads were moved or marked (all that were named). */
export const ZThreadsUpdated = z.object({ updated: z.number().int().describe('Threads moved or marked: every id of the body') });
export type ThreadsUpdated = z.infer<typeof ZThreadsUpdated>;

/** Query of GET people/{me}/threads/{folder}: the filters of spec §3, paged. */
export const ZThreadsQuery = z.object({
  q: z.string().max(200).optional().describe('Text contained in a title or description'),
  sender: ZIdText.optional().describe('Person id of the author of the thread’s first post'),
  subject: z.string().max(200).optional().describe('Text contained in the title'),
  around: z.iso.date().optional().describe('A day (YYYY-MM-DD); with unit, threads active within one unit of it'),
  unit: z.enum(['days', 'weeks', 'months']).default('days'),
  type: ZPostTypeKey.optional(),
  status: z.enum(['read', 'unread', 'any']).default('any'),
  with: ZIdText.optional().describe(
    'Person id: only threads that person takes part in, as far as the caller can tell: they wrote a post of it the caller may ' +
      'read, or received one the caller wrote or whose recipients are shown. Only the caller’s own stubs are read, so another ' +
      'school’s id, or someone the caller shares no thread with, simply matches nothing',
  ),
  hidden: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'))
    .describe(
      'Spec §3 post types "visible or hidden in lists": `true` lists only threads whose first post is of a type the school ' +
        'hides (the Hidden messages screen), `false` only those of visible types. Left out: the inbox (`feed`) lists visible ' +
        'types only, while `archive` and `trash`, where the person put threads themselves, list every type',
    ),
  page: zQueryInteger(1, 100_000).default(1),
  limit: zQueryInteger(1, 100).default(20),
});
export type ThreadsQuery = z.infer<typeof ZThreadsQuery>;

/** A thread in a folder list: its latest post and the caller's unread state. */
export const ZThreadSummary = z.object({
  id: z.number().int(),
  folder: ZFolder,
  type: ZPostTypeKey.describe('The type of the thread’s first post'),
  title: z.string().describe('The title of the thread’s first post'),
  latest: z.object({
    id: z.number().int(),
    author: ZPostAuthor,
    publishDate: z.string(),
    excerpt: z.string().describe('Plain text, at most 200 characters'),
  }),
  audienceCount: z.number().int().describe('Audience of the first post (spec §6 text)'),
  authorId: z.number().int().describe('Author of the first post'),
  posts: z.number().int().describe('Posts of the thread the caller can read'),
  unread: z.boolean(),
  unreadCount: z.number().int(),
  highlight: z.boolean(),
});
export type ThreadSummary = z.infer<typeof ZThreadSummary>;

/** GET people/{me}/threads/feed/{threadId}: the posts oldest first and what the caller may do. */
export const ZThread = z.object({
  id: z.number().int(),
  folder: ZFolder.nullable().describe('The caller’s folder, null for the author or staff without a stub'),
  posts: z.array(ZPost),
  canReply: z.boolean(),
  replies: ZReplies.describe('The reply setting of the thread’s first post'),
});
export type Thread = z.infer<typeof ZThread>;

/** Body of a reply. */
export const ZReplyRequest = z.object({ description: z.string().min(1) }).strict();

export const ZThreadParams = z.object({ id: ZIdText, threadId: ZIdText });
export const ZFolderParams = z.object({ id: ZIdText, folder: ZFolder });
export const ZActionParams = z.object({ id: ZIdText, action: ZThreadAction });

/** GET posts/{id}/stubs: one recipient of a sent post and whether they read it. */
export const ZStub = z.object({
  person: ZPostAuthor,
  folder: ZFolder,
  readDate: z.string().nullable(),
});
export type Stub = z.infer<typeof ZStub>;
export const ZStubsQuery = z.object({
  status: z.enum(['read', 'unread', 'any']).default('any'),
  q: z.string().max(200).optional().describe('Part of a recipient’s name'),
  page: zQueryInteger(1, 100_000).default(1),
  limit: zQueryInteger(1, 1000).default(20),
});
export const ZStubCounts = z.object({ total: z.number().int(), read: z.number().int(), unread: z.number().int() });
export type StubCounts = z.infer<typeof ZStubCounts>;

/** A post in the author's sent list, with its read receipts. */
export const ZSentPost = z.object({
  id: z.number().int(),
  thread: z.number().int(),
  type: ZPostTypeKey,
  title: z.string(),
  excerpt: z.string(),
  publishDate: z.string(),
  status: z.enum(['scheduled', 'published']),
  audienceCount: z.number().int(),
  readCount: z.number().int(),
});
export type SentPost = z.infer<typeof ZSentPost>;

export const ZPageQuery = z.object({
  page: zQueryInteger(1, 100_000).default(1),
  limit: zQueryInteger(1, 100).default(20),
});
