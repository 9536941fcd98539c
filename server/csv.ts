/**
 * CSV as spreadsheets open it (RFC 4180: fields with a comma, quote or line break quoted, quotes
 * doubled, CRLF between rows), for every CSV the server sends: the bookings export and the
 * accountant's GST exports.
 */

/** A spreadsheet must not run a cell a guest typed: text starting as a formula (= + - @, a tab or CR) gets a leading apostrophe. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header row and the rows under it, each cell through csvCell, every row ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
