import { crc32, inflateRawSync } from 'node:zlib';
import { tooLarge, unreadable } from './refusal.mjs';

// An XLSX file is a zip. Its central directory says how large every entry unpacks, so a zip bomb
// (a few hundred KB that unpack to hundreds of MB) is refused before anything is decompressed, and
// every entry is then inflated with a hard cap at the size it declared: a directory that lies about
// the sizes cannot make us allocate more than the limits allow.

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Below this, a high compression ratio is normal (tiny repetitive XML parts). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

function findEndOfCentralDirectory(bytes) {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  throw unreadable('The XLSX file could not be read: it is not a zip archive');
}

/**
 * The entries of the zip's central directory, checked against `limits` (maxEntries, maxEntryBytes,
 * maxTotalBytes, maxRatio). Throws a Refusal (413 for bombs, 400 for broken or unsupported zips).
 */
export function readCentralDirectory(bytes, limits) {
  if (bytes.length < 22) throw unreadable('The XLSX file could not be read: it is not a zip archive');
  const end = findEndOfCentralDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    throw tooLarge('file_too_large', 'The XLSX file is too large to import (ZIP64)');
  }
  if (count > limits.maxEntries) throw tooLarge('file_too_large', `The XLSX file holds more than ${limits.maxEntries} parts`);
  if (offset + size > end) throw unreadable('The XLSX file could not be read: its zip directory is broken');

  const entries = [];
  let total = 0;
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) throw unreadable('The XLSX file could not be read: its zip directory is broken');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const uncompressedSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (flags & 1) throw unreadable('The XLSX file could not be read: it is encrypted');
    if (method !== 0 && method !== 8) throw unreadable('The XLSX file could not be read: unknown compression');
    if (uncompressedSize > limits.maxEntryBytes) {
      throw tooLarge('file_too_large', `The XLSX file unpacks to more than ${mb(limits.maxEntryBytes)} in one part`);
    }
    total += uncompressedSize;
    if (total > limits.maxTotalBytes) throw tooLarge('file_too_large', `The XLSX file unpacks to more than ${mb(limits.maxTotalBytes)}`);
    const ratio = uncompressedSize / Math.max(compressedSize, 1);
    if (uncompressedSize > RATIO_FLOOR_BYTES && ratio > limits.maxRatio) {
      throw tooLarge('file_too_large', 'The XLSX file is compressed beyond what a spreadsheet can be (a zip bomb?)');
    }
    entries.push({ name, method, compressedSize, uncompressedSize, localOffset });
  }
  return entries;
}

const mb = (bytes) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The bytes of one entry, never more than it declared (a longer stream is refused). */
export function inflateEntry(bytes, entry) {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw unreadable('The XLSX file could not be read: a part is missing');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw unreadable('The XLSX file could not be read: a part is cut short');
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw unreadable('The XLSX file could not be read: a part is broken');
    return data;
  }
  let out;
  try {
    out = inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
  } catch (err) {
    if (err.code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge('file_too_large', 'A part of the XLSX file unpacks to more than it declares');
    throw unreadable('The XLSX file could not be read: a part is broken');
  }
  if (out.length !== entry.uncompressedSize) throw unreadable('The XLSX file could not be read: a part is broken');
  return out;
}

/** A zip of stored (uncompressed) entries: the spreadsheet reader then has nothing left to inflate. */
export function storedZip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30 + nameBytes.length);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    nameBytes.copy(local, 30);
    const central = Buffer.alloc(46 + nameBytes.length);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    nameBytes.copy(central, 46);
    locals.push(local, data);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const directorySize = centrals.reduce((sum, c) => sum + c.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  // A fresh ArrayBuffer of exactly this length: the reader takes the whole ArrayBuffer.
  const zip = new Uint8Array(offset + directorySize + 22);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    zip.set(part, at);
    at += part.length;
  }
  return zip;
}
