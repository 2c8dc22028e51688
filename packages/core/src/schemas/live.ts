import { z } from 'zod';

// The wire protocol of the live connection (GET /api/{org}/live, a WebSocket; decision 011). Every
// frame is one JSON text message. The access token travels in the first message, never in the URL,
// which proxies and servers write to their logs.

/** Longest access token the server reads from an auth message. */
export const LIVE_MAX_TOKEN_LENGTH = 4096;
/** Longest client message, in bytes: an auth message with the longest token fits. */
export const LIVE_MAX_CLIENT_MESSAGE_BYTES = 8192;
/** The client must authenticate within this long after the socket opens. */
export const LIVE_AUTH_TIMEOUT_MS = 5000;

/** First message of the client: its access token, exactly as it sends it as `Authorization: Bearer`. */
export const ZLiveAuth = z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(LIVE_MAX_TOKEN_LENGTH) });
/** Any time after `ready`: asks for a `pong`, so a client notices a connection that died silently. */
export const ZLivePing = z.strictObject({ type: z.literal('ping') });
/** What a client may send. Anything else closes the socket with `bad_message`. */
export const ZLiveClientMessage = z.discriminatedUnion('type', [ZLiveAuth, ZLivePing]);
export type LiveClientMessage = z.infer<typeof ZLiveClientMessage>;

/** The server's messages: authenticated; the caller's threads changed (refetch them); the answer to a ping; a form of theirs got an answer. */
export const ZLiveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), personId: z.number().int() }),
  z.object({ type: z.literal('threads.changed'), threadId: z.number().int().nullable() }),
  z.object({ type: z.literal('pong') }),
  /** Someone answered a form the caller owns (its results changed). */
  z.object({ type: z.literal('form.answered'), formId: z.number().int() }),
]);
export type LiveServerMessage = z.infer<typeof ZLiveServerMessage>;

/**
 * Close codes of the live socket (4000–4999 are the application's; the reason is the error code).
 * The client reconnects after every close except `unauthorized` and `forbidden`, which need a new token.
 */
export const LIVE_CLOSE = {
  /** The server is shutting down or restarting (standard "going away"): reconnect. */
  goingAway: 1001,
  /** Too many unauthenticated sockets on this server right now (standard "try again later"). */
  tryAgainLater: 1013,
  /** A message that is not JSON text of the protocol (reason `bad_message`). */
  badMessage: 4400,
  /** Bad, expired or revoked token (reason `invalid_token`, `token_expired`, `token_revoked`…). */
  unauthorized: 4401,
  /** A token of another school, or a registration the school has not approved (reason as in HTTP 403). */
  forbidden: 4403,
  /** No auth message within LIVE_AUTH_TIMEOUT_MS (reason `auth_timeout`). */
  authTimeout: 4408,
  /** Too many live connections of one person, or too many messages (reason `too_many_connections`, `too_many_messages`). */
  tooMany: 4429,
} as const;
