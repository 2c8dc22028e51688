/** The 0-based hidden column indices of one sheet's XML, up to `maxColumns`. */
export function hiddenColumnsOf(sheetXml: Buffer | string, maxColumns: number): number[];
/** The hidden columns of every sheet of a workbook's unpacked parts, in workbook order. */
export function hiddenColumnsBySheet(files: { name: string; data: Uint8Array }[], maxColumns: number): number[][];
