import type { FastifyInstance } from 'fastify';
import type { ResourceAccess } from '../policy/access';
import type { Policy } from '../policy/policy';
import type { LiveTopic } from './events/live-topic';
import type { JobDefinition } from './jobs/jobs';

// What one area (a folder under modules/) brings to the server, declared once in its
// <area>.manifest.ts; modules/manifests.ts lists every manifest and app.ts and worker.ts read that list
// instead of naming areas (docs/decisions/025-area-manifests.md). modules/manifests.test.ts holds each
// declaration against the running app and the migrated schema, so a manifest cannot drift.

/** A Fastify plugin that registers routes. */
export type RoutesPlugin = (app: FastifyInstance) => Promise<void>;

export interface AreaManifest {
  /** The folder name under modules/. */
  readonly area: string;
  /** Routes under /api/{org}/ (each declares its policy: http/school-scope.ts). */
  readonly routes?: readonly RoutesPlugin[];
  /** Routes outside any school (the school directory, a provider's sign-in relay). */
  readonly rootRoutes?: readonly RoutesPlugin[];
  /** Pages served only beside the built web app (a bus share link's page). */
  readonly webRoutes?: readonly RoutesPlugin[];
  /** Every policy of its school routes: `POST allowed` and the authorization table answer from them. */
  readonly policies?: readonly Policy[];
  /** The kinds of job it defines, registered alike in the server and in `npm run worker` processes. */
  readonly jobs?: readonly JobDefinition<never>[];
  /** Topics a live socket may subscribe to. */
  readonly liveTopics?: readonly LiveTopic[];
  /** Its resource kinds (decision 007), keyed by the name the code calls each by. */
  readonly access?: Readonly<Record<string, ResourceAccess>>;
  /** The tables it owns: it writes them and answers for their rows. */
  readonly tables?: readonly string[];
  /**
   * The columns of its tables that name a person (an id of people, a name or an address of one), by
   * table: what a person's export or erasure must visit.
   */
  readonly personData?: Readonly<Record<string, readonly string[]>>;
}

/** Declares an area's manifest (typed, nothing more). */
export function defineArea(manifest: AreaManifest): AreaManifest {
  return manifest;
}
