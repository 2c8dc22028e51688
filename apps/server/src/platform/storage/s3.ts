import type { S3Client } from '@aws-sdk/client-s3';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteCounter } from './byte-counter';
import { assertStorageKey, type ByteRange, type FileStorage, type StoredFile } from './storage';

/** An S3-compatible bucket (S3_* in README "Configuration"). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

// A streamed upload holds one part of partSize in memory (S3's smallest, 5 MiB), whatever the file's
// size; 512 MB is 103 parts, far below S3's 10,000. The SDK copies each part into a buffer of its own
// and keeps it until the next is sent, so two parts of 8 MiB in flight grew the server by 95 MiB for a
// 512 MiB upload (bench/RESULTS.md "Content blocks"): one small part at a time trades some speed for
// the memory target.
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 1;

// The SDK costs a third of a second and 25 MB to load: only a server that uses S3 loads it.
const loadSdk = async () => {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...s3, Upload: storage.Upload };
};
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** Files as objects of one bucket, addressed path-style (MinIO, Ceph, s3rver… and AWS itself). */
export class S3Storage implements FileStorage {
  private connected: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  private readonly bucket: string;

  constructor(private readonly settings: S3Settings) {
    this.bucket = settings.bucket;
  }

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connected ??= loadSdk().then((sdk) => ({ sdk, client: this.clientOf(sdk) }));
    return this.connected;
  }

  private clientOf(sdk: Sdk): S3Client {
    const settings = this.settings;
    return new sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's default
      // trailing checksums of streamed bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data }));
  }

  async read(key: string): Promise<Buffer | null> {
    const body = await this.get(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async putStream(key: string, source: Readable): Promise<StoredFile> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    const counter = new ByteCounter();
    const body = new PassThrough();
    const upload = new sdk.Upload({
      client,
      params: { Bucket: this.bucket, Key: key, Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    const feeding = pipeline(source, counter, body);
    try {
      // Either settles first: a failing source must abort the upload, a failing upload the source.
      await Promise.all([feeding, upload.done()]);
    } catch (err) {
      source.destroy();
      body.destroy();
      await upload.abort().catch(() => {});
      await Promise.allSettled([feeding]);
      // A single-part upload may have completed just before the source failed.
      await this.remove(key).catch(() => {});
      throw err;
    }
    return { size: counter.bytes };
  }

  async readStream(key: string, range?: ByteRange): Promise<Readable | null> {
    return this.get(key, range);
  }

  async stat(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  private async get(key: string, range?: ByteRange): Promise<Readable | null> {
    assertStorageKey(key);
    const { sdk, client } = await this.connect();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return answer.Body instanceof Readable ? answer.Body : Readable.from([]);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
