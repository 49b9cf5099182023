// The shared table: named by its caption, headers scoped to their columns (or rows), a hidden header still read out.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { DataTable } from './data-table.tsx';

type Row = { id: number; name: string; amount: string };
const rows: Row[] = [
  { id: 1, name: 'Ann', amount: '€9.95' },
  { id: 2, name: 'Bo', amount: '¥500' },
];

describe('DataTable', () => {
  it('is named by its caption and scopes its headers', () => {
    render(
      <DataTable
        caption="Orders"
        rows={rows}
        rowKey={(row) => row.id}
        isRowActive={(row) => row.id === 2}
        columns={[
          { key: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
          { key: 'amount', header: 'Amount', cell: (row) => row.amount },
          { key: 'actions', header: 'Actions', cell: () => <button type="button">Open</button>, isHeaderHidden: true },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(table.querySelector('caption')?.className).toBe('visually-hidden');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Amount', 'Actions']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[2]!.querySelector('.visually-hidden')?.textContent).toBe('Actions');
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map((header) => [header.textContent, header.getAttribute('scope')])).toEqual([
      ['Ann', 'row'],
      ['Bo', 'row'],
    ]);
    expect(within(table).getByRole('cell', { name: '¥500' })).toBeTruthy();
    const bodyRows = table.querySelectorAll('tbody tr');
    expect([...bodyRows].map((row) => row.className)).toEqual(['', 'table-active']);
  });

  it('shows its caption when asked to', () => {
    render(
      <DataTable
        caption="Bundles"
        isCaptionVisible
        rows={rows}
        rowKey={(row) => row.id}
        columns={[{ key: 'name', header: 'Name', cell: (row) => row.name }]}
      />,
    );
    expect(screen.getByRole('table', { name: 'Bundles' }).querySelector('caption')?.className).toBe('');
  });
});
