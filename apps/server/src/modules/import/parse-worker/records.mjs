// Rows as the import stores them: { n, cells } with n the row number a spreadsheet shows (1-based),
// cells trimmed text without the empty ones at the end; rows with nothing in them are left out.

/** One cell as text: dates as YYYY-MM-DD, numbers as JavaScript writes them, the rest trimmed. */
export function cellText(cell) {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** The non-empty rows of a grid (an array of rows of cells), numbered from 1. */
export function toRecords(grid) {
  const rows = [];
  grid.forEach((row, index) => {
    const cells = row.map(cellText);
    let width = cells.length;
    while (width > 0 && cells[width - 1] === '') width--;
    if (width > 0) rows.push({ n: index + 1, cells: cells.slice(0, width) });
  });
  return rows;
}
