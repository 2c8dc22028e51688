import { Transform, type TransformCallback } from 'node:stream';

/** Passes bytes through unchanged and counts them (the stored size of a streamed file). */
export class ByteCounter extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}
