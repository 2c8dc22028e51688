// The server's texts (notices.ts, billingDocuments.ts, attendance.ts) mark their blanks {name}, not
// i18next's {{name}}: they are filled on the server, where no i18next instance runs.

/** Fills the {placeholders} of a text; a blank without a value stays as it is. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
