import { z } from 'zod';
import { routeTopicName, ZGeoPosition, ZRouteLogEntry, ZStopEta } from './transport';

// The wire protocol of the live connection (GET /api/{org}/live, a WebSocket; decision 011). Every
// frame is one JSON text message. The access token travels in the first message, or, for clients that
// cannot send one first, in the `access_token` query parameter (the server keeps it out of its logs;
// proxies may not, so browsers use the first message).

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
/** Longest topic name a client may send. */
export const LIVE_MAX_TOPIC_LENGTH = 200;
/** Topics one socket may follow at once (more: error `too_many_topics`). */
export const LIVE_MAX_TOPICS_PER_SOCKET = 20;
/**
 * After the token: receive the events of a topic (issue 13: `transport/routes/{id}`), if the caller may
 * see it. Answered with `subscribed` or `error`; subscribing again to a followed topic answers `subscribed`.
 */
export const ZLiveSubscribe = z.strictObject({ subscribe: z.string().min(1).max(LIVE_MAX_TOPIC_LENGTH) });
/** Stop receiving a topic's events. Answered with `unsubscribed` (also for a topic not followed). */
export const ZLiveUnsubscribe = z.strictObject({ unsubscribe: z.string().min(1).max(LIVE_MAX_TOPIC_LENGTH) });
/** What a client may send. Anything else closes the socket with `bad_message`. */
export const ZLiveClientMessage = z.union([z.discriminatedUnion('type', [ZLiveAuth, ZLivePing]), ZLiveSubscribe, ZLiveUnsubscribe]);
export type LiveClientMessage = z.infer<typeof ZLiveClientMessage>;

/** An accepted position report of a route's bus, with the ETA of each stop still ahead (topic `transport/routes/{route}`). */
export const ZLivePositionMessage = z.object({
  type: z.literal('position'),
  route: z.number().int(),
  target: z.number().int(),
  position: ZGeoPosition,
  etas: z.array(ZStopEta),
});
/** Something happened on a route's run (started, stop reached, delayed, finished…): refetch the route. */
export const ZLiveRouteEventMessage = z.object({ type: z.literal('route.event'), route: z.number().int(), entry: ZRouteLogEntry });
/** The events a topic subscription carries: what an area publishes on the topic's bus topic, as the sockets receive it. */
export const ZLiveTopicMessage = z.discriminatedUnion('type', [ZLivePositionMessage, ZLiveRouteEventMessage]);
export type LiveTopicMessage = z.infer<typeof ZLiveTopicMessage>;

/** The topic a topic message belongs to (the messages carry their route, not the topic name). */
export function topicOfLiveMessage(message: LiveTopicMessage): string {
  return routeTopicName(message.route);
}

/** The server's messages: authenticated; the caller's threads changed (refetch them); the answer to a ping; a form of theirs got an answer; topics. */
export const ZLiveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), personId: z.number().int() }),
  z.object({ type: z.literal('threads.changed'), threadId: z.number().int().nullable() }),
  z.object({ type: z.literal('pong') }),
  /** Someone answered a form the caller owns (its results changed). */
  z.object({ type: z.literal('form.answered'), formId: z.number().int() }),
  /** A subscription is on: events of `topic` follow. */
  z.object({ type: z.literal('subscribed'), topic: z.string() }),
  /** The subscription is off (the answer to `unsubscribe`). */
  z.object({ type: z.literal('unsubscribed'), topic: z.string() }),
  /**
   * A subscription was refused or ended: `forbidden` (also when the topic's resource does not exist),
   * `unknown_topic`, `too_many_topics`, `unavailable` (try again later). No events of it follow; the
   * server sends `forbidden` for a followed topic too when the caller may no longer see it.
   */
  z.object({ type: z.literal('error'), topic: z.string().nullable(), error: z.string(), message: z.string() }),
  ZLivePositionMessage,
  ZLiveRouteEventMessage,
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
