import { crc32, createDeflateRaw } from 'node:zlib';

// Hand-made XLSX files for the import's tests: a minimal workbook whose one sheet is given as chunks
// of XML repeated many times, deflated as a stream, so a sheet of hundreds of MB (a zip bomb) is
// built without holding it in memory.

const contentTypes =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const rootRels =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const workbook =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const workbookRels =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

const sheetHead = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const sheetTail = '</sheetData></worksheet>';

/** The sheet: `head`, then `body(i)` for i in 0..times-1 (or one fixed chunk `times` times), then the tail. */
export interface SheetSpec {
  rows: (index: number) => string;
  times: number;
}

interface Entry {
  name: string;
  data: Buffer;
  size: number;
  crc: number;
}

async function deflateSheet(spec: SheetSpec): Promise<Entry> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let size = 0;
  let crc = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(sheetHead);
  for (let i = 0; i < spec.times; i++) await write(spec.rows(i));
  await write(sheetTail);
  deflate.end();
  await done;
  return { name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(out), size, crc };
}

function plain(name: string, text: string): Entry {
  const data = Buffer.from(text);
  return { name, data, size: data.length, crc: crc32(data) };
}

function zip(entries: (Entry & { method: number })[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt32LE(e.crc, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, e.data);
    central.push(dir, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** A one-sheet XLSX; `declaredSize` overrides the sheet's unpacked size in the zip (a lying directory). */
export async function buildXlsx(sheet: SheetSpec, options: { declaredSize?: number } = {}): Promise<Buffer> {
  const deflated = await deflateSheet(sheet);
  return zip([
    { ...plain('[Content_Types].xml', contentTypes), method: 0 },
    { ...plain('_rels/.rels', rootRels), method: 0 },
    { ...plain('xl/workbook.xml', workbook), method: 0 },
    { ...plain('xl/_rels/workbook.xml.rels', workbookRels), method: 0 },
    { ...deflated, size: options.declaredSize ?? deflated.size, method: 8 },
  ]);
}

/** A row of inline-string cells. */
export function inlineRow(row: number, cells: string[]): string {
  const columns = cells.map((text, i) => `<c r="${String.fromCharCode(65 + i)}${row}" t="inlineStr"><is><t>${text}</t></is></c>`);
  return `<row r="${row}">${columns.join('')}</row>`;
}
