import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
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
   * The bus topic must name the school (events of a bus topic reach every socket that follows it), and
   * what is published on it must be a topic message of @patio/core (`ZLiveTopicMessage`).
   */
  authorize(db: Database, org: Org, caller: Caller, match: RegExpMatchArray): Promise<LiveTopicGrant>;
}

/** A refusal as the socket says it: `{type:'error', topic, error, message}` without the first two. */
export interface LiveTopicRefusal {
  error: string;
  message: string;
}

/**
 * The bus topic `caller` may follow for the topic named `name`, or why not: no topic matches
 * (`unknown_topic`), the topic refuses (`forbidden`, also when it throws an HttpError under 500, such
 * as a 404, so a refusal never tells a missing resource from a hidden one). Any other failure is thrown.
 */
export async function resolveLiveTopic(
  topics: readonly LiveTopic[],
  db: Database,
  org: Org,
  caller: Caller,
  name: string,
): Promise<{ busTopic: string } | LiveTopicRefusal> {
  for (const topic of topics) {
    const match = name.match(topic.pattern);
    if (!match) continue;
    try {
      const grant = await topic.authorize(db, org, caller, match);
      return 'busTopic' in grant ? { busTopic: grant.busTopic } : { error: grant.error, message: grant.message };
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500) return { error: 'forbidden', message: 'You may not follow this topic' };
      throw err;
    }
  }
  return { error: 'unknown_topic', message: 'There is no live topic of that name' };
}
