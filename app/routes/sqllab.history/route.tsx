import { Anchor, Button, Code, HoverCard, Select, Text, TextInput } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { nextSort, type ListSort } from "../../../core/lists/list-url-state";
import { can } from "../../../core/security/permissions";
import {
  HISTORY_PAGE_SIZE, TIME_RANGES, durationText, historyFiltersFromParams, historyFiltersToParams, historyListQuery, startTimeText,
} from "../../../core/sqllab/history-filters";
import { ALL_STATES } from "../../../core/sqllab/query-state";
import { requirePermission } from "../../auth.server";
import { ListView } from "../../components/list-view/ListView";
import { ListTable } from "../../components/list-view/ListTable";
import { SelectFilter, TextFilter } from "../../components/list-view/filters";
import { queryHistoryApi, userName, useListLoader } from "../../features/sqllab/list-api";
import { QueryStateBadge } from "../../features/sqllab/QueryStateBadge";
import { historyFilterChoices } from "./history.server";

export const meta: MetaFunction = () => [{ title: "Query history · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Query"]);
  return { ...(await historyFilterChoices(context, principal)), canSqlLab: can(principal, "can_sqllab", "Superset") };
}

const SORTS = ["start_time", "status", "rows"];
const DEFAULT_SORT: ListSort = { column: "start_time", direction: "desc" };
const stateOptions = ALL_STATES.map((s) => ({ value: s, label: s }));
const rangeOptions = Object.entries(TIME_RANGES).map(([value, r]) => ({ value, label: r.label }));

function sortOf(params: URLSearchParams): ListSort {
  const column = params.get("sort");
  return column && SORTS.includes(column) ? { column, direction: params.get("order") === "asc" ? "asc" : "desc" } : DEFAULT_SORT;
}

/** Superset's Query history ("Query search"): past runs filtered by database, state, user, time and text. */
export default function QueryHistoryPage() {
  const { databases, users, canSqlLab } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const filters = historyFiltersFromParams(params);
  const sort = sortOf(params);
  const key = `${historyFiltersToParams(filters).toString()}|${sort.column}|${sort.direction}`;
  // "Last day" is counted back from when the filters were applied, so the list does not drift while read.
  const list = useListLoader(key, () =>
    queryHistoryApi.list({ ...historyListQuery(filters, Date.now()), order_column: sort.column, order_direction: sort.direction }));
  const rows = list.data?.result ?? [];
  const filtered = historyFiltersToParams({ ...filters, page: 1 }).toString() !== "";
  /** Any filter or sort change goes back to page 1, as every list does. */
  const change = (changes: Record<string, string | null>) =>
    setParams((prev) => {
      for (const [k, v] of Object.entries(changes)) {
        if (v) prev.set(k, v);
        else prev.delete(k);
      }
      if (!("page" in changes)) prev.delete("page");
      return prev;
    });
  const set = (key: string) => (value: string | null) => change({ [key]: value });
  const sortBy = (column: string) => {
    const next = nextSort(sort, column);
    change({ sort: next.column, order: next.direction });
  };
  return (
    <ListView title="Query history" noun={["query", "queries"]} count={list.data?.count ?? 0} countTestId="history-count"
      loading={list.loading && !list.data} error={list.error}
      page={filters.page} pageSize={HISTORY_PAGE_SIZE} onPage={(p) => change({ page: String(p) })}
      filtered={filtered} onClearFilters={() => setParams({})}
      headerActions={<Button variant="default" onClick={() => void list.reload()} loading={list.loading} data-testid="history-refresh">Refresh</Button>}
      filters={
        <>
          <SelectFilter label="Database" value={filters.database ? String(filters.database) : undefined} options={databases} onChange={set("database")} testId="history-filter-database" />
          <SelectFilter label="State" value={filters.status ?? undefined} options={stateOptions} onChange={set("status")} testId="history-filter-status" />
          {users.length ? <SelectFilter label="User" value={filters.user ? String(filters.user) : undefined} options={users} onChange={set("user")} testId="history-filter-user" /> : null}
          <Select label="Time range" data={rangeOptions} value={filters.range} onChange={set("range")} placeholder="Any time" clearable w={140} data-testid="history-filter-range" />
          <TextInput type="date" label="From (UTC)" value={filters.from ?? ""} onChange={(e) => change({ from: e.currentTarget.value || null })} w={150} />
          <TextInput type="date" label="To (UTC)" value={filters.to ?? ""} onChange={(e) => change({ to: e.currentTarget.value || null })} w={150} />
          <TextFilter label="SQL contains" value={filters.search} placeholder="Search the SQL" onApply={set("search")} testId="history-search" />
        </>
      }>
      <ListTable testId="history-table" rows={rows} rowTestId={() => "history-row"} sort={sort} onSort={sortBy}
        columns={[
          { key: "time", header: "Time (UTC)", sortColumn: "start_time", nowrap: true, cell: (r) => startTimeText(r.start_time) },
          { key: "state", header: "State", sortColumn: "status", cell: (r) => <QueryStateBadge query={{ state: r.status }} /> },
          { key: "user", header: "User", cell: (r) => userName(r.user) },
          { key: "database", header: "Database", cell: (r) => [r.database.database_name, r.schema].filter(Boolean).join(" · ") },
          { key: "sql", header: "SQL", maxWidth: 380, cell: (r) => (
            <HoverCard width={480} position="bottom-start" openDelay={200} withinPortal>
              <HoverCard.Target>
                <Text size="xs" ff="monospace" lineClamp={2} data-testid="history-sql">{r.sql}</Text>
              </HoverCard.Target>
              <HoverCard.Dropdown>
                <Code block style={{ maxHeight: 320, overflow: "auto", whiteSpace: "pre-wrap" }}>{r.executed_sql && r.executed_sql !== r.sql ? `${r.sql}\n\n-- executed:\n${r.executed_sql}` : r.sql}</Code>
              </HoverCard.Dropdown>
            </HoverCard>
          ) },
          { key: "rows", header: "Rows", sortColumn: "rows", cell: (r) => r.rows ?? "" },
          { key: "duration", header: "Duration", nowrap: true, cell: (r) => durationText(r.start_time, r.end_time) },
          canSqlLab && { key: "actions", header: "Actions", cell: (r) => (
            <Anchor href={`/sqllab/?queryId=${r.id}`} size="sm" style={{ whiteSpace: "nowrap" }} data-testid="history-open">Open in SQL Lab</Anchor>
          ) },
        ]} />
    </ListView>
  );
}
