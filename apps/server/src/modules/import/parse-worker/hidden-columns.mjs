// Columns a workbook hides (issue 34 §3: hidden columns are ignored unless the admin picks them).
// read-excel-file gives cell values only, so the `<col min max hidden="1">` ranges of each sheet are
// read here from the sheet's XML, found as read-excel-file finds it: workbook.xml lists the sheets in
// order with their relationship ids, xl/_rels/workbook.xml.rels names the part of each id.

const attribute = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
const text = (data) => (data ? Buffer.from(data).toString('utf8') : '');
/** Tags of one element name, with or without a namespace prefix (strict OOXML files use "x:"). */
const tagsOf = (xml, name) => xml.match(new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>`, 'g')) ?? [];

/** The zip path of a relationship target, relative to xl/ unless absolute. */
function partPath(target) {
  if (target.startsWith('/')) return target.slice(1);
  const parts = [];
  for (const piece of `xl/${target}`.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

/**
 * The 0-based hidden column indices of one sheet's XML. `<cols>` comes before `<sheetData>` (the
 * schema's order), so only the bytes before the cells are read as text: a sheet of 40 MB is not
 * copied into a string for its few `<col>` elements.
 */
export function hiddenColumnsOf(sheetXml, maxColumns) {
  const bytes = Buffer.isBuffer(sheetXml) ? sheetXml : Buffer.from(sheetXml ?? '', 'utf8');
  const head = bytes.subarray(0, Math.max(0, bytes.indexOf('sheetData'))).toString('utf8');
  const hidden = new Set();
  for (const tag of tagsOf(head, 'col')) {
    const flag = attribute(tag, 'hidden');
    if (flag !== '1' && flag !== 'true') continue;
    const min = Number(attribute(tag, 'min'));
    const max = Math.min(Number(attribute(tag, 'max')), maxColumns);
    // A range may run to column XFD (16,384) to hide everything right of the data: only the columns
    // an import may hold matter.
    for (let column = min; Number.isInteger(column) && column >= 1 && column <= max; column++) hidden.add(column - 1);
  }
  return [...hidden].sort((a, b) => a - b);
}

/** The hidden columns of every sheet, in workbook order (as read-excel-file returns the sheets). */
export function hiddenColumnsBySheet(files, maxColumns) {
  const data = (name) => files.find((file) => file.name === name)?.data;
  const targets = new Map(tagsOf(text(data('xl/_rels/workbook.xml.rels')), 'Relationship').map((tag) => [attribute(tag, 'Id'), attribute(tag, 'Target') ?? '']));
  return tagsOf(text(data('xl/workbook.xml')), 'sheet').map((tag) => {
    const target = targets.get(attribute(tag, 'r:id') ?? attribute(tag, 'id'));
    const sheet = target ? data(partPath(target)) : undefined;
    return sheet ? hiddenColumnsOf(Buffer.from(sheet), maxColumns) : [];
  });
}
