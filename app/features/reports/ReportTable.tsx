import { ActionIcon, Anchor, Badge, Group, Switch, Text, Tooltip } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ListSort } from "../../../core/lists/list-url-state";
import { ListTable } from "../../components/list-view/ListTable";
import type { BulkSelection } from "../../components/list-view/useBulkSelection";
import { PencilIcon, TrashIcon } from "../../components/list-view/icons";
import { logUrl, type ReportRowActions, type ReportRowData } from "./report-row";

const STATE_COLORS: Record<string, string> = { Success: "green", Working: "blue", Error: "red", "Not triggered": "gray", "On Grace": "yellow" };
const fullName = (u: { first_name: string; last_name: string } | null) => (u ? `${u.first_name} ${u.last_name}`.trim() : "—");

function LastRun({ report: r }: { report: ReportRowData }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={STATE_COLORS[r.last_state] ?? "gray"} variant="light" data-testid="report-state">{r.last_state}</Badge>
      <Text size="xs" c="dimmed">{r.last_eval_dttm ? `${r.last_eval_dttm.replace("T", " ").slice(0, 16)} UTC` : ""}</Text>
    </Group>
  );
}

function RowActions({ report: r, actions }: { report: ReportRowData; actions: ReportRowActions }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor component={Link} to={logUrl(r)} size="sm" aria-label={`Execution log of ${r.name}`}>Log</Anchor>
      {r.canEdit && (
        <>
          <ActionIcon variant="subtle" aria-label={`Edit ${r.name}`} onClick={() => actions.onEdit(r)} data-testid="report-edit"><PencilIcon /></ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${r.name}`} onClick={() => actions.onDelete(r)} data-testid="report-delete"><TrashIcon /></ActionIcon>
        </>
      )}
    </Group>
  );
}

/** Superset's AlertReportList columns: last run, name, schedule, notification, creator, owners, modified, active, actions. */
export function ReportTable({ reports, sort, onSort, selection, actions }: {
  reports: ReportRowData[];
  sort: ListSort;
  onSort: (column: string) => void;
  selection: BulkSelection;
  actions: ReportRowActions;
}) {
  return (
    <ListTable testId="report-table" rows={reports} rowTestId={() => "report-row"} rowAttrs={(r) => ({ "data-report-name": r.name })}
      sort={sort} onSort={onSort} selection={selection} canSelect={(r) => r.canEdit} rowLabel={(r) => r.name}
      columns={[
        { key: "last_run", header: "Last run", sortColumn: "last_eval_dttm", cell: (r) => <LastRun report={r} /> },
        { key: "name", header: "Name", sortColumn: "name", cell: (r) => <Anchor component={Link} to={logUrl(r)}>{r.name}</Anchor> },
        {
          key: "schedule", header: "Schedule", sortColumn: "crontab_humanized",
          cell: (r) => <Tooltip label={`${r.crontab} (${r.timezone})`}><span>{r.crontab_humanized}</span></Tooltip>,
        },
        { key: "notification", header: "Notification method", cell: (r) => r.recipients.map((x) => x.type).join(", ") || "—" },
        { key: "created_by", header: "Created by", sortColumn: "created_by.first_name", cell: (r) => fullName(r.created_by) },
        { key: "owners", header: "Owners", cell: (r) => r.owners.map(fullName).join(", ") || "—" },
        { key: "changed_on", header: "Modified", sortColumn: "changed_on_delta_humanized", cell: (r) => r.changed_on_delta_humanized },
        {
          key: "active", header: "Active", sortColumn: "active",
          cell: (r) => <Switch checked={r.active} disabled={!r.canEdit} aria-label={`Active: ${r.name}`} data-testid="report-active-toggle" onChange={() => actions.onToggleActive(r)} />,
        },
        { key: "actions", header: "Actions", cell: (r) => <RowActions report={r} actions={actions} /> },
      ]} />
  );
}
