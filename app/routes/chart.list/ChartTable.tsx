import { Anchor, Checkbox, Group, Table } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ListSort } from "../../../core/lists/list-url-state";
import { SortableHeader } from "../../components/list-view/SortableHeader";
import type { BulkSelection } from "../../components/list-view/useBulkSelection";
import { CertifiedBadge, FavoriteStar, RowActions } from "./ChartBits";
import { ExportButton } from "../../features/bundles/ImportBundleButton";
import { ownerNames, vizName, type ChartRowActions, type ChartRowData } from "./chart-row";

export function ChartTable({ charts, sort, onSort, selection, actions }: {
  charts: ChartRowData[];
  sort: ListSort;
  onSort: (column: string) => void;
  selection: BulkSelection;
  actions: ChartRowActions;
}) {
  const header = (label: string, column: string) => <SortableHeader label={label} column={column} sort={sort} onSort={onSort} />;
  return (
    <Table striped highlightOnHover data-testid="chart-table">
      <Table.Thead>
        <Table.Tr>
          {selection.enabled && (
            <Table.Th w={40}>
              <Checkbox aria-label="Select all" checked={selection.allSelected} indeterminate={selection.someSelected} onChange={selection.toggleAll} data-testid="select-all" />
            </Table.Th>
          )}
          <Table.Th w={40} />
          {header("Name", "slice_name")}
          {header("Type", "viz_type")}
          {header("Dataset", "datasource_name")}
          <Table.Th>On dashboards</Table.Th>
          <Table.Th>Owners</Table.Th>
          {header("Modified by", "changed_by.first_name")}
          {header("Last modified", "changed_on_delta_humanized")}
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {charts.map((c) => (
          <Table.Tr key={c.id} data-testid="chart-row" data-chart-name={c.slice_name}>
            {selection.enabled && (
              <Table.Td>
                <Checkbox aria-label={`Select ${c.slice_name}`} disabled={!c.canEdit} checked={selection.isSelected(c.id)} onChange={() => selection.toggle(c.id)} data-testid={`select-${c.id}`} />
              </Table.Td>
            )}
            <Table.Td><FavoriteStar chart={c} onToggle={() => actions.onFavorite(c)} /></Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Anchor component={Link} to={c.url}>{c.slice_name}</Anchor>
                <CertifiedBadge chart={c} />
              </Group>
            </Table.Td>
            <Table.Td>{vizName(c.viz_type ?? "")}</Table.Td>
            <Table.Td>{c.datasource_url ? <Anchor component={Link} to={c.datasource_url}>{c.datasource_name}</Anchor> : "—"}</Table.Td>
            <Table.Td>{c.dashboards.length ? c.dashboards.map((d) => d.dashboard_title).join(", ") : "—"}</Table.Td>
            <Table.Td>{c.owners.length ? ownerNames(c) : "—"}</Table.Td>
            <Table.Td>{c.changed_by_name || "—"}</Table.Td>
            <Table.Td>{c.changed_on_delta_humanized}</Table.Td>
            <Table.Td><Group gap={4} wrap="nowrap"><ExportButton resource="chart" id={c.id} name={c.slice_name} /><RowActions chart={c} actions={actions} /></Group></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
