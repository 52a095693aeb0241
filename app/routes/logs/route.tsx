import { FilterForm, ResultCount, UrlPagination } from "../../components/ListFilters";
import { useState } from "react";
import { Code, Modal, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { loadLogPage, logPageQuery } from "./logs.server";

export const meta: MetaFunction = () => [{ title: "Action Log · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requirePermission(context, request, "admin");
  const query = logPageQuery(new URL(request.url).searchParams);
  return { query, ...(await loadLogPage(context, query)) };
}

type Entry = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

/** Superset's Action Log: every logged event, newest first, filterable by action and user. */
export default function ActionLog() {
  const { query, count, rows, actions, pageSize } = useLoaderData<typeof loader>();
  const [shown, setShown] = useState<Entry | null>(null);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Stack>
      <Title order={2}>Action Log</Title>
      <FilterForm formKey={`${query.action}|${query.user}`} active={Boolean(query.action || query.user)} submitLabel="Filter">
        <Select
          label="Action"
          name="action"
          data={actions}
          defaultValue={query.action || null}
          placeholder="Any action"
          clearable
          searchable
          w={240}
          data-testid="log-filter-action"
        />
        <TextInput
          label="User"
          name="user"
          defaultValue={query.user}
          placeholder="Username contains"
          w={240}
          data-testid="log-filter-user"
        />
      </FilterForm>
      <ResultCount count={count} singular="event" plural="events" testId="log-count" />
      <Table striped highlightOnHover data-testid="log-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time (UTC)</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed">No events match.</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((r) => (
            <Table.Tr key={r.id} onClick={() => setShown(r)} style={{ cursor: "pointer" }}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{(r.dttm ?? "").replace("T", " ").slice(0, 19)}</Table.Td>
              <Table.Td>{r.user?.username ?? "—"}</Table.Td>
              <Table.Td>{r.action}</Table.Td>
              <Table.Td>{summary(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <UrlPagination pages={pages} page={query.page} />
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={`Event ${shown?.id ?? ""}`} size="lg">
        {shown && (
          <Stack gap="xs">
            <Text size="sm">Referrer: {shown.referrer ?? "—"}</Text>
            <Code block>{pretty(shown.json)}</Code>
          </Stack>
        )}
      </Modal>
    </Stack>
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
