import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { LiveTopic, LiveTopicGrant } from '../../platform/events/live-topic';
import type { Caller, Org } from '../../policy/policy';

// Topics a live socket may subscribe to with {"subscribe": "<name>"} (issue 13: transport/routes/{id}).
// The live area stays generic: each area that offers a topic declares it in its manifest and the app
// hands the list to the live plugin, so live never imports the areas whose events it carries.

export type { LiveTopic, LiveTopicGrant };

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
