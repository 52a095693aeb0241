import { ActionIcon, Anchor, Badge, Checkbox, Group, Switch, Table, Text, Tooltip } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ListSort } from "../../../core/lists/list-url-state";
import { SortableHeader } from "../../components/list-view/SortableHeader";
import type { BulkSelection } from "../../components/list-view/useBulkSelection";
import { PencilIcon, TrashIcon } from "../../components/list-view/icons";
import { logUrl, type ReportRowActions, type ReportRowData } from "./report-row";

const STATE_COLORS: Record<string, string> = { Success: "green", Working: "blue", Error: "red", "Not triggered": "gray", "On Grace": "yellow" };
const fullName = (u: { first_name: string; last_name: string } | null) => (u ? `${u.first_name} ${u.last_name}`.trim() : "—");

/** Superset's AlertReportList columns: last run, name, schedule, notification, creator, owners, modified, active, actions. */
export function ReportTable({ reports, sort, onSort, selection, actions }: {
  reports: ReportRowData[];
  sort: ListSort;
  onSort: (column: string) => void;
  selection: BulkSelection;
  actions: ReportRowActions;
}) {
  const header = (label: string, column: string) => <SortableHeader label={label} column={column} sort={sort} onSort={onSort} />;
  return (
    <Table striped highlightOnHover data-testid="report-table">
      <Table.Thead>
        <Table.Tr>
          {selection.enabled && (
            <Table.Th w={40}>
              <Checkbox aria-label="Select all" checked={selection.allSelected} indeterminate={selection.someSelected} onChange={selection.toggleAll} data-testid="select-all" />
            </Table.Th>
          )}
          {header("Last run", "last_eval_dttm")}
          {header("Name", "name")}
          {header("Schedule", "crontab_humanized")}
          <Table.Th>Notification method</Table.Th>
          {header("Created by", "created_by.first_name")}
          <Table.Th>Owners</Table.Th>
          {header("Modified", "changed_on_delta_humanized")}
          {header("Active", "active")}
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reports.map((r) => (
          <Table.Tr key={r.id} data-testid="report-row" data-report-name={r.name}>
            {selection.enabled && (
              <Table.Td>
                <Checkbox aria-label={`Select ${r.name}`} disabled={!r.canEdit} checked={selection.isSelected(r.id)} onChange={() => selection.toggle(r.id)} />
              </Table.Td>
            )}
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Badge color={STATE_COLORS[r.last_state] ?? "gray"} variant="light" data-testid="report-state">{r.last_state}</Badge>
                <Text size="xs" c="dimmed">{r.last_eval_dttm ? `${r.last_eval_dttm.replace("T", " ").slice(0, 16)} UTC` : ""}</Text>
              </Group>
            </Table.Td>
            <Table.Td><Anchor component={Link} to={logUrl(r)}>{r.name}</Anchor></Table.Td>
            <Table.Td><Tooltip label={`${r.crontab} (${r.timezone})`}><span>{r.crontab_humanized}</span></Tooltip></Table.Td>
            <Table.Td>{r.recipients.map((x) => x.type).join(", ") || "—"}</Table.Td>
            <Table.Td>{fullName(r.created_by)}</Table.Td>
            <Table.Td>{r.owners.map(fullName).join(", ") || "—"}</Table.Td>
            <Table.Td>{r.changed_on_delta_humanized}</Table.Td>
            <Table.Td>
              <Switch checked={r.active} disabled={!r.canEdit} aria-label={`Active: ${r.name}`} data-testid="report-active-toggle" onChange={() => actions.onToggleActive(r)} />
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Anchor component={Link} to={logUrl(r)} size="sm" aria-label={`Execution log of ${r.name}`}>Log</Anchor>
                {r.canEdit && (
                  <>
                    <ActionIcon variant="subtle" aria-label={`Edit ${r.name}`} onClick={() => actions.onEdit(r)} data-testid="report-edit"><PencilIcon /></ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${r.name}`} onClick={() => actions.onDelete(r)} data-testid="report-delete"><TrashIcon /></ActionIcon>
                  </>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
