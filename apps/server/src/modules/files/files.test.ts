import { describeOnDatabases } from '../../test/harness';
import { uploadPathSuite } from './upload-path.fixtures';

// The upload path on local disk (DATA_DIR/files); files.s3.test.ts runs the same suite on S3.
describeOnDatabases('files on local disk: the upload path', (t) => uploadPathSuite(t));
