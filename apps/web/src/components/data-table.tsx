// A table of rows with a caption (its accessible name; hidden unless asked for) and column headers with their scope.
// Columns say how each cell of a row looks; a column may head its row (<th scope="row">) or have a header that only
// screen readers get (a column of buttons). On phones each row is a card, each cell under its column's name
// (`data-label`, styles/_layout.scss): a wide table used to scroll its last columns (the dates) off the screen.
import type { CSSProperties, ReactNode } from 'react';
import { Table } from 'react-bootstrap';

export type DataTableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The header is read out, not shown (a column of buttons). */
  isHeaderHidden?: boolean;
  /** This column's cell names its row: <th scope="row">. */
  isRowHeader?: boolean;
  /** Of each body cell of the column. */
  className?: string;
  style?: CSSProperties;
};

type DataTableProps<Row> = {
  /** Names the table for screen readers; shown only with `isCaptionVisible`. */
  caption: string;
  isCaptionVisible?: boolean;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The row that is open beside the table. */
  isRowActive?: (row: Row) => boolean;
  isHover?: boolean;
  className?: string;
};

export function DataTable<Row>({
  caption,
  isCaptionVisible = false,
  columns,
  rows,
  rowKey,
  isRowActive,
  isHover = false,
  className,
}: DataTableProps<Row>) {
  return (
    <Table responsive size="sm" hover={isHover} className={`data-table-stack ${className ?? ''}`}>
      <caption className={isCaptionVisible ? undefined : 'visually-hidden'}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {column.isHeaderHidden ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={isRowActive?.(row) ? 'table-active' : undefined}>
            {columns.map((column) => {
              const label = !column.isHeaderHidden && typeof column.header === 'string' ? column.header : undefined;
              return column.isRowHeader ? (
                <th key={column.key} scope="row" className={column.className} style={column.style} data-label={label}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.key} className={column.className} style={column.style} data-label={label}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
