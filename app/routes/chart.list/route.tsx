import { Anchor, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CHART_TYPES } from "../../../core/charts/registry";
import { FilterForm, ResultCount, UrlPagination } from "../../components/ListFilters";
import { requirePermission } from "../../auth.server";
import { chartsPageQuery, loadChartsPage } from "./charts.server";

export const meta: MetaFunction = () => [{ title: "Charts · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_read", "Chart"]);
  const query = chartsPageQuery(new URL(request.url).searchParams);
  return { query, ...(await loadChartsPage(context, principal, query)) };
}

const vizName = (vizType: string) => CHART_TYPES[vizType]?.metadata.name ?? vizType;

/** Superset's Charts list: search by name, filter by visualisation type, open a chart in Explore. */
export default function ChartsList() {
  const { query, count, charts, pageSize } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Charts</Title>
      </Group>
      <FilterForm formKey={`${query.search}|${query.vizType}`} active={Boolean(query.search || query.vizType)}>
        <TextInput label="Name" name="search" defaultValue={query.search} placeholder="Type a value" w={240} data-testid="chart-search" />
        <Select label="Type" name="viz_type" data={Object.keys(CHART_TYPES).map((t) => ({ value: t, label: vizName(t) }))} defaultValue={query.vizType || null}
          placeholder="Any type" clearable searchable w={220} data-testid="chart-filter-viz-type" />
      </FilterForm>
      <ResultCount count={count} singular="chart" plural="charts" testId="chart-count" />
      <Table striped highlightOnHover data-testid="chart-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Dataset</Table.Th>
            <Table.Th>Owners</Table.Th>
            <Table.Th>Last modified</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charts.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}><Text c="dimmed">No charts match.</Text></Table.Td>
            </Table.Tr>
          )}
          {charts.map((c) => (
            <Table.Tr key={c.id} data-testid="chart-row">
              <Table.Td><Anchor component={Link} to={c.url}>{c.slice_name}</Anchor></Table.Td>
              <Table.Td>{vizName(c.viz_type ?? "")}</Table.Td>
              <Table.Td>{c.datasource_url ? <Anchor component={Link} to={c.datasource_url}>{c.datasource_name}</Anchor> : "—"}</Table.Td>
              <Table.Td>{c.owners.length ? c.owners.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ") : "—"}</Table.Td>
              <Table.Td>{c.changed_on_delta_humanized}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <UrlPagination pages={pages} page={query.page} />
    </Stack>
  );
}
