import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { freePort } from '../../test/loopback-ports';
import type { S3Settings } from './s3';

// A real S3 protocol server for the tests, as PostgreSQL and Redis are real: s3rver (a Node package)
// on 127.0.0.1 on a free port, keeping its objects in a temporary folder removed at stop.

export interface TestS3 {
  settings: S3Settings;
  /** Where s3rver keeps the objects: `{dir}/{bucket}/{key}._S3rver_object`. */
  dir: string;
  stop(): Promise<void>;
}

/** Starts s3rver with one empty bucket. */
export async function startTestS3(bucket = 'patio-test'): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'patio-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: dir });
  await server.run();
  const settings: S3Settings = { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint: settings.endpoint, region: settings.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    settings,
    dir,
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
