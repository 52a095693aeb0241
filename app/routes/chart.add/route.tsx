import { useMemo, useState } from "react";
import { Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { showToast } from "../../components/toast-store";
import { allPages, useApiGet } from "../../features/datasets/use-api-get";
import { CHART_TYPES } from "../../../core/charts/registry";
import { VizTypeGrid } from "./VizTypeGrid";

export const meta: MetaFunction = () => [{ title: "Create a new chart · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requirePermission(context, request, ["can_write", "Chart"]);
  return null;
}

interface DatasetItem { id: number; table_name: string; schema: string | null; database: { database_name: string } }

// every dataset the user may read (the list API applies their access), page after page past the 100-row cap
const DATASETS_QUERY = { order_column: "table_name", order_direction: "asc" };

/** Superset's "Create a new chart" (/chart/add): choose a dataset and a chart type, then continue in Explore. */
export default function AddChart() {
  const navigate = useNavigate();
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const [vizType, setVizType] = useState<string | null>(null);
  const datasets = useApiGet<{ result: DatasetItem[] }>(
    "/api/v1/dataset/", (message) => showToast("danger", `The datasets could not be listed: ${message}`),
    (resource) => allPages<DatasetItem>(resource, DATASETS_QUERY),
  );
  const byId = useMemo(() => new Map(datasets.state === "done" ? datasets.data.result.map((d) => [String(d.id), d]) : []), [datasets]);
  const options = [...byId.values()].map((d) => ({ value: String(d.id), label: d.table_name }));

  function create() {
    if (!datasetId) return;
    const query = new URLSearchParams({ datasource_type: "table", datasource_id: datasetId });
    if (vizType) query.set("viz_type", vizType);
    navigate(`/explore/?${query}`);
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Create a new chart</Title>
        <Group>
          <Button variant="default" component={Link} to="/chart/list/">Cancel</Button>
          <Button onClick={create} disabled={!datasetId} data-testid="create-chart">Create new chart</Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Select
            label="Choose a dataset"
            placeholder={datasets.state === "loading" ? "Loading datasets…" : "Choose a dataset"}
            data={options}
            value={datasetId}
            onChange={setDatasetId}
            disabled={datasets.state !== "done"}
            searchable
            nothingFoundMessage="No datasets match"
            renderOption={({ option }) => {
              const d = byId.get(option.value);
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {d && <Text size="xs" c="dimmed">{d.database.database_name}{d.schema ? ` · ${d.schema}` : ""}</Text>}
                </Stack>
              );
            }}
            data-testid="chart-dataset"
          />
          {datasets.state === "done" && options.length === 0 && (
            <Text size="sm" c="dimmed">
              There is no dataset you may use yet. <Link to="/dataset/add/">Add a dataset</Link> first.
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text fw={600}>Choose chart type</Text>
          <VizTypeGrid value={vizType} onChange={setVizType} />
          <Text size="sm" c="dimmed" data-testid="chart-type-chosen">
            {vizType ? `Chosen: ${CHART_TYPES[vizType].metadata.name}` : "Without a choice the chart starts as a Table; the type can be changed in Explore."}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
