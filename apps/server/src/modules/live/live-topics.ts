import type { Database } from '../../db/database';
import type { Caller, Org } from '../../policy/policy';

// Topics a live socket may subscribe to with {"subscribe": "<name>"} (issue 13: transport/routes/{id}).
// The live area stays generic: each area that offers a topic describes it here and the app hands the
// list to the live plugin, so live never imports the areas whose events it carries.

/** What a subscription resolves to: the event-bus topic to follow, or why it is refused. */
export type LiveTopicGrant = { busTopic: string } | { error: 'forbidden'; message: string };

export interface LiveTopic {
  /** Matches the client's topic name; the capture groups are handed to `authorize`. */
  pattern: RegExp;
  /**
   * May `caller` follow the topic named `name`? Checked on subscribe and again when the socket
   * revalidates its token. A topic that does not exist answers `forbidden` too (no existence oracle).
   */
  authorize(db: Database, org: Org, caller: Caller, match: RegExpMatchArray): Promise<LiveTopicGrant>;
}
