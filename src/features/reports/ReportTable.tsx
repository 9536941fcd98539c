import { useId } from 'react';
import type { ReactNode } from 'react';

/** The reports' parts: a section with its definition, and the tables behind its figures (the admin table's look). */

export function Section({ title, definition, children }: { title: string; definition: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="reports__section card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="reports__definition">{definition}</p>
      {children}
    </section>
  );
}

/** The table behind a chart: closed until asked for, reached by the keyboard like any control. */
export function TableBehind({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="reports__behind">
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures line up on the right. */
  number?: boolean;
}

export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  foot,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  foot?: Row;
}) {
  const cells = (row: Row) =>
    columns.map((column) => (
      <td key={column.header} role="cell" data-label={column.header} className={column.number ? 'reports__number' : undefined}>
        {column.cell(row)}
      </td>
    ));
  return (
    <table className="admin-table reports__table" role="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th key={column.header} role="columnheader" scope="col" className={column.number ? 'reports__number' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={rowKey(row)} role="row">
            {cells(row)}
          </tr>
        ))}
        {foot && (
          <tr role="row" className="reports__total">
            {cells(foot)}
          </tr>
        )}
      </tbody>
    </table>
  );
}
