import type { Database } from '../../db/database';
import type { Caller, Org } from '../../policy/policy';

// The shape of a topic a live socket may subscribe to with {"subscribe": "<name>"} (issue 13:
// transport/routes/{id}). It lives beside the bus, not in the live area, because each area that offers
// a topic declares it in its manifest (platform/area-manifest.ts) and the live area must not know them.

/** What a subscription resolves to: the event-bus topic to follow, or why it is refused. */
export type LiveTopicGrant = { busTopic: string } | { error: 'forbidden'; message: string };

export interface LiveTopic {
  /** Matches the client's topic name; the capture groups are handed to `authorize`. */
  pattern: RegExp;
  /**
   * May `caller` follow the topic named `name`? Checked on subscribe and again when the socket
   * revalidates its token. A topic that does not exist answers `forbidden` too (no existence oracle).
   * The bus topic must name the school (events of a bus topic reach every socket that follows it), and
   * what is published on it must be a topic message of @patio/core (`ZLiveTopicMessage`).
   */
  authorize(db: Database, org: Org, caller: Caller, match: RegExpMatchArray): Promise<LiveTopicGrant>;
}
