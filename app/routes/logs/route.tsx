import { useState } from "react";
import { Code, Modal, Stack, Text } from "@mantine/core";
import { isFiltered, parseListUrlState } from "../../../core/lists/list-url-state";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { SelectFilter, TextFilter } from "../../components/list-view/filters";
import { useListUrlState } from "../../components/list-view/useListUrlState";
import { LOG_LIST } from "./list-config";
import { guestUserOf } from "../../../core/event-log";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { loadLogPage } from "./logs.server";

export const meta: MetaFunction = () => [{ title: "Action Log · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requirePermission(context, request, "admin");
  return loadLogPage(context, parseListUrlState(new URL(request.url).searchParams, LOG_LIST));
}

type Entry = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

/** A row without a user: an embedded dashboard's guest names itself in the row (core/event-log.ts logAuthorOf). */
const guestLabel = (json: string | null) => {
  const guest = guestUserOf(json);
  return guest === null ? "—" : `${guest} (guest)`;
};

/** Superset's Action Log: every logged event, newest first, filterable by action and user, sortable. */
export default function ActionLog() {
  const { count, rows, actions, pageSize } = useLoaderData<typeof loader>();
  const list = useListUrlState(LOG_LIST);
  const { filters } = list.state;
  const [shown, setShown] = useState<Entry | null>(null);
  return (
    <>
      <ListView title="Action Log" noun={["event", "events"]} count={count} countTestId="log-count" page={list.state.page} pageSize={pageSize} onPage={list.setPage}
        filtered={isFiltered(list.state)} onClearFilters={list.clearFilters}
        filters={
          <>
            <SelectFilter label="Action" value={filters.action} options={actions.map((a) => ({ value: a, label: a }))} onChange={(v) => list.setFilter("action", v)} testId="log-filter-action" />
            <TextFilter label="User" value={filters.user ?? ""} placeholder="Username contains" onApply={(v) => list.setFilter("user", v)} testId="log-filter-user" />
          </>
        }>
        <ListTable testId="log-table" rows={rows} rowTestId={() => "log-row"} sort={list.state.sort} onSort={list.sortBy} onRowClick={setShown}
          columns={[
            { key: "dttm", header: "Time (UTC)", sortColumn: "dttm", nowrap: true, cell: (r) => (r.dttm ?? "").replace("T", " ").slice(0, 19) },
            { key: "user", header: "User", cell: (r) => r.user?.username ?? guestLabel(r.json) },
            { key: "action", header: "Action", sortColumn: "action", cell: (r) => r.action },
            { key: "details", header: "Details", cell: summary },
          ]} />
      </ListView>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={`Event ${shown?.id ?? ""}`} size="lg">
        {shown && (
          <Stack gap="xs">
            <Text size="sm">Referrer: {shown.referrer ?? "—"}</Text>
            <Code block>{pretty(shown.json)}</Code>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** One line per event: what it concerned and how long it took; the full JSON is one click away. */
function summary(r: Entry): string {
  const parts: string[] = [];
  const event = parse(r.json);
  if (typeof event?.path === "string") parts.push(event.path);
  if (r.dashboard_id) parts.push(`dashboard ${r.dashboard_id}`);
  if (r.slice_id) parts.push(`chart ${r.slice_id}`);
  if (r.duration_ms !== null) parts.push(`${r.duration_ms} ms`);
  if (typeof event?.source === "string" && !parts.length) parts.push(event.source);
  return parts.join(" · ") || "—";
}

function parse(json: string | null): Record<string, unknown> | null {
  try {
    const v = json ? JSON.parse(json) : null;
    return v && typeof v === "object" ? v : null;
  } catch {
    return null;
  }
}

function pretty(json: string | null): string {
  const v = parse(json);
  return v ? JSON.stringify(v, null, 2) : json ?? "";
}
