// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file
// of the built app, once at build time, so the server sends them as they are (apps/server/src/http/web.ts)
// instead of compressing on every request. Files under 1 KiB and formats that are compressed
// already (images, fonts, archives) are left alone, and a copy that would not be smaller is not kept.
import { readdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const MIN_BYTES = 1024;
const compressible = /\.(js|mjs|css|html|json|webmanifest|svg|txt|xml|map|wasm|ico)$/i;

const root = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;

function* filesOf(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(path);
    else if (entry.isFile()) yield path;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
let count = 0;
for (const file of [...filesOf(root)]) {
  if (!compressible.test(file)) continue;
  // A rebuild into the same folder must not keep copies of an older file.
  for (const ext of ['.br', '.gz']) rmSync(file + ext, { force: true });
  const size = statSync(file).size;
  if (size < MIN_BYTES) continue;
  const data = readFileSync(file);
  const brotli = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
  const gzip = gzipSync(data, { level: 9 });
  if (brotli.length < size) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < size) writeFileSync(`${file}.gz`, gzip);
  raw += size;
  br += Math.min(brotli.length, size);
  gz += Math.min(gzip.length, size);
  count++;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`precompressed ${count} files in ${relative(process.cwd(), root) || '.'}: ${kib(raw)} → ${kib(br)} brotli, ${kib(gz)} gzip`);
