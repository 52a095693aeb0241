import { Anchor, Button, Code, Group, HoverCard, Pagination, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { can } from "../../../core/security/permissions";
import {
  HISTORY_PAGE_SIZE, TIME_RANGES, durationText, historyFiltersFromParams, historyFiltersToParams, historyListQuery, startTimeText,
} from "../../../core/sqllab/history-filters";
import { ALL_STATES } from "../../../core/sqllab/query-state";
import { requirePermission } from "../../auth.server";
import { queryHistoryApi, userName, useListLoader } from "../../features/sqllab/list-api";
import { QueryStateBadge } from "../../features/sqllab/QueryStateBadge";
import { historyFilterChoices } from "./history.server";

export const meta: MetaFunction = () => [{ title: "Query history · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Query"]);
  return { ...(await historyFilterChoices(context, principal)), canSqlLab: can(principal, "can_sqllab", "Superset") };
}

/** Superset's Query history ("Query search"): past runs filtered by database, state, user, time and text. */
export default function QueryHistoryPage() {
  const { databases, users, canSqlLab } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const filters = historyFiltersFromParams(params);
  const key = historyFiltersToParams(filters).toString();
  // "Last day" is counted back from when the filters were applied, so the list does not drift while read.
  const list = useListLoader(key, () => queryHistoryApi.list(historyListQuery(filters, Date.now())));
  const rows = list.data?.result ?? [];
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / HISTORY_PAGE_SIZE));
  const filtered = historyFiltersToParams({ ...filters, page: 1 }).toString() !== "";
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Query history</Title>
        <Button variant="default" onClick={() => void list.reload()} loading={list.loading} data-testid="history-refresh">Refresh</Button>
      </Group>
      <Form method="get" key={key}>
        <Group align="end" gap="sm">
          <Select label="Database" name="database" data={databases} defaultValue={filters.database ? String(filters.database) : null} placeholder="Any database" clearable w={180} data-testid="history-filter-database" />
          <Select label="State" name="status" data={[...ALL_STATES]} defaultValue={filters.status} placeholder="Any state" clearable w={140} data-testid="history-filter-status" />
          {users.length ? (
            <Select label="User" name="user" data={users} defaultValue={filters.user ? String(filters.user) : null} placeholder="Anyone" clearable searchable w={180} data-testid="history-filter-user" />
          ) : null}
          <Select
            label="Time range"
            name="range"
            data={Object.entries(TIME_RANGES).map(([value, r]) => ({ value, label: r.label }))}
            defaultValue={filters.range}
            placeholder="Any time"
            clearable
            w={140}
            data-testid="history-filter-range"
          />
          <TextInput type="date" label="From (UTC)" name="from" defaultValue={filters.from ?? ""} w={150} />
          <TextInput type="date" label="To (UTC)" name="to" defaultValue={filters.to ?? ""} w={150} />
          <TextInput label="SQL contains" name="search" defaultValue={filters.search} placeholder="Search the SQL" w={200} data-testid="history-search" />
          <Button type="submit" data-testid="history-apply">Filter</Button>
          {filtered ? <Button variant="subtle" onClick={() => setParams({})}>Clear</Button> : null}
        </Group>
      </Form>
      <Text c="dimmed" size="sm" data-testid="history-count">{list.loading && !list.data ? "Loading…" : count === 1 ? "1 query" : `${count} queries`}</Text>
      {list.error ? <Text c="red" size="sm">{list.error}</Text> : null}
      <Table striped highlightOnHover data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time (UTC)</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>Database</Table.Th>
            <Table.Th>SQL</Table.Th>
            <Table.Th>Rows</Table.Th>
            <Table.Th>Duration</Table.Th>
            {canSqlLab ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!list.loading && rows.length === 0 ? (
            <Table.Tr><Table.Td colSpan={8}><Text c="dimmed">No queries match.</Text></Table.Td></Table.Tr>
          ) : null}
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid="history-row">
              <Table.Td style={{ whiteSpace: "nowrap" }}>{startTimeText(r.start_time)}</Table.Td>
              <Table.Td><QueryStateBadge query={{ state: r.status }} /></Table.Td>
              <Table.Td>{userName(r.user)}</Table.Td>
              <Table.Td>{[r.database.database_name, r.schema].filter(Boolean).join(" · ")}</Table.Td>
              <Table.Td maw={380}>
                <HoverCard width={480} position="bottom-start" openDelay={200} withinPortal>
                  <HoverCard.Target>
                    <Text size="xs" ff="monospace" lineClamp={2} data-testid="history-sql">{r.sql}</Text>
                  </HoverCard.Target>
                  <HoverCard.Dropdown>
                    <Code block style={{ maxHeight: 320, overflow: "auto", whiteSpace: "pre-wrap" }}>{r.executed_sql && r.executed_sql !== r.sql ? `${r.sql}\n\n-- executed:\n${r.executed_sql}` : r.sql}</Code>
                  </HoverCard.Dropdown>
                </HoverCard>
              </Table.Td>
              <Table.Td>{r.rows ?? ""}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{durationText(r.start_time, r.end_time)}</Table.Td>
              {canSqlLab ? (
                <Table.Td>
                  <Anchor href={`/sqllab/?queryId=${r.id}`} size="sm" style={{ whiteSpace: "nowrap" }} data-testid="history-open">Open in SQL Lab</Anchor>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 ? (
        <Pagination total={pages} value={filters.page} onChange={(p) => setParams((prev) => (prev.set("page", String(p)), prev))} />
      ) : null}
    </Stack>
  );
}
