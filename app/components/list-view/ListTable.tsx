import { Checkbox, Table } from "@mantine/core";
import type { ListSort } from "../../../core/lists/list-url-state";
import { useTranslation } from "../../i18n/react";
import { SortableHeader } from "./SortableHeader";
import type { BulkSelection } from "./useBulkSelection";

// The table view of a list page: columns declared once (header, optional sort column, cell), sortable headers,
// and a checkbox column while bulk select is on. Pages keep their own cells; the markup lives here.

export interface ListColumn<T> {
  key: string;
  header: React.ReactNode;
  /** the API order column; the header becomes a sort button */
  sortColumn?: string;
  cell: (row: T) => React.ReactNode;
  width?: number;
  nowrap?: boolean;
  maxWidth?: number;
}

export function ListTable<T extends { id: number }>({ columns, rows, testId, rowTestId, rowAttrs, sort, onSort, selection, canSelect, rowLabel, onRowClick }: {
  columns: (ListColumn<T> | false | null | undefined)[];
  rows: T[];
  testId: string;
  rowTestId: (row: T) => string;
  rowAttrs?: (row: T) => Record<string, string>;
  sort?: ListSort;
  onSort?: (column: string) => void;
  selection?: BulkSelection;
  canSelect?: (row: T) => boolean;
  rowLabel?: (row: T) => string;
  onRowClick?: (row: T) => void;
}) {
  const { t } = useTranslation();
  const shown = columns.filter((c): c is ListColumn<T> => Boolean(c));
  const selecting = selection?.enabled;
  return (
    // a table wider than a phone scrolls in its own box, never the page
    <Table.ScrollContainer minWidth={0} type="native">
    <Table striped highlightOnHover data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {selecting && (
            <Table.Th w={40}>
              <Checkbox aria-label={t("Select all")} checked={selection.allSelected} indeterminate={selection.someSelected} onChange={selection.toggleAll} data-testid="select-all" />
            </Table.Th>
          )}
          {shown.map((c) =>
            c.sortColumn && sort && onSort ? (
              <SortableHeader key={c.key} label={String(c.header)} column={c.sortColumn} sort={sort} onSort={onSort} />
            ) : (
              <Table.Th key={c.key} w={c.width}>{c.header}</Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid={rowTestId(row)} {...rowAttrs?.(row)}
            onClick={onRowClick ? () => onRowClick(row) : undefined} style={onRowClick ? { cursor: "pointer" } : undefined}>
            {selecting && (
              <Table.Td>
                <Checkbox aria-label={t("Select {{name}}", { name: rowLabel?.(row) ?? row.id })} disabled={canSelect ? !canSelect(row) : false}
                  checked={selection.isSelected(row.id)} onChange={() => selection.toggle(row.id)} data-testid={`select-${row.id}`} />
              </Table.Td>
            )}
            {shown.map((c) => (
              <Table.Td key={c.key} maw={c.maxWidth} style={c.nowrap ? { whiteSpace: "nowrap" } : undefined}>{c.cell(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
    </Table.ScrollContainer>
  );
}
