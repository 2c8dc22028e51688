import { afterAll } from 'vitest';
import { startTestS3 } from '../../platform/storage/s3-test-server';
import { describeOnDatabases } from '../../test/harness';
import { uploadPathSuite } from './upload-path.fixtures';

// The same upload path as files.test.ts with S3_ENDPOINT set: a real S3 protocol server (s3rver) on 127.0.0.1.
const s3 = await startTestS3();
afterAll(() => s3.stop());

describeOnDatabases('files on S3: the upload path', (t) => uploadPathSuite(t), { s3: s3.settings });
