import { Anchor, Badge, Group, Text } from "@mantine/core";
import { Link, useLoaderData } from "@remix-run/react";
import { isFiltered } from "../../../core/lists/list-url-state";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { SelectFilter } from "../../components/list-view/filters";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import { REPORT_LOG_LIST } from "./list-config";
import type { loadReportLog } from "./report-log.server";

type Data = Awaited<ReturnType<typeof loadReportLog>>;
type Log = Data["logs"][number];

const STATE_COLORS: Record<string, string> = { Success: "green", Working: "blue", Error: "red", "Not triggered": "gray", "On Grace": "yellow" };
const STATES = ["Success", "Working", "Error", "Not triggered", "On Grace"].map((s) => ({ value: s, label: s }));
const time = (iso: string | null) => (iso ? `${iso.replace("T", " ").slice(0, 19)} UTC` : "—");
const duration = (l: Log) => (l.start_dttm && l.end_dttm ? `${((Date.parse(`${l.end_dttm}Z`) - Date.parse(`${l.start_dttm}Z`)) / 1000).toFixed(2)} s` : "—");

/** Superset's ExecutionLog page: each run's state, scheduled/start/end time, duration, value (alerts) and error. */
export function ReportLogPage() {
  const { report, count, logs, pageSize } = useLoaderData<Data>();
  const list = useListUrlState(REPORT_LOG_LIST);
  const back = report.type === "Alert" ? "/alert/list/" : "/report/list/";
  return (
    <>
      <Group mb="xs" gap="xs">
        <Anchor component={Link} to={back}>{report.type === "Alert" ? "Alerts" : "Reports"}</Anchor>
        <Text c="dimmed">/</Text>
        <Text fw={600} data-testid="report-log-name">{report.name}</Text>
        {!report.active && <Badge color="gray">Inactive</Badge>}
      </Group>
      <ListView title="Execution log" noun={["run", "runs"]} count={count} countTestId="report-log-count" page={list.state.page} pageSize={pageSize}
        onPage={list.setPage} filtered={isFiltered(list.state)} onClearFilters={list.clearFilters} emptyText="No runs yet"
        filters={<SelectFilter label="State" value={list.state.filters.state} options={STATES} onChange={(v) => list.setFilter("state", v)} testId="report-log-state" />}>
        <ListTable<Log> rows={logs} testId="report-log-table" rowTestId={() => "report-log-row"} sort={list.state.sort} onSort={list.sortBy}
          columns={[
            { key: "state", header: "State", sortColumn: "state", cell: (l) => <Badge color={STATE_COLORS[l.state] ?? "gray"} variant="light">{l.state}</Badge> },
            { key: "scheduled", header: "Scheduled at (UTC)", sortColumn: "scheduled_dttm", cell: (l) => time(l.scheduled_dttm), nowrap: true },
            { key: "start", header: "Start at (UTC)", sortColumn: "start_dttm", cell: (l) => time(l.start_dttm), nowrap: true },
            { key: "end", header: "End at (UTC)", sortColumn: "end_dttm", cell: (l) => time(l.end_dttm), nowrap: true },
            { key: "duration", header: "Duration", cell: duration },
            report.type === "Alert" && { key: "value", header: "Value", sortColumn: "value", cell: (l) => (l.value === null ? "—" : String(l.value)) },
            { key: "error", header: "Error message", sortColumn: "error_message", cell: (l) => l.error_message ?? "", maxWidth: 480 },
          ]} />
      </ListView>
    </>
  );
}
