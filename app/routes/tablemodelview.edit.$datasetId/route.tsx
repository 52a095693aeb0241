import { lazy, Suspense, useMemo, useState } from "react";
import { Anchor, Badge, Button, Group, Stack, Tabs, Text, Textarea, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { showToast } from "../../components/toast-store";
import type { RootData } from "../../root";
import { datasetCall } from "../../features/datasets/dataset-api";
import { loadEditableDataset } from "./dataset.server";
import { ColumnsEditor, type EditableColumn } from "./ColumnsEditor";
import { MetricsEditor, type EditableMetric } from "./MetricsEditor";
import { UnsavedChangesGuard } from "./unsaved-changes";
import { CODE_INPUT_STYLES } from "../../components/code-input";

const HistoryModal = lazy(() => import("../../features/history/HistoryModal").then((m) => ({ default: m.HistoryModal })));

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.table_name ?? "Dataset"} · Edit dataset · Edge Superset` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_write", "Dataset"]);
  return loadEditableDataset(context, principal, params.datasetId);
}

/** The dataset editor: description, columns (labels, time flag, filter and group-by use) and metrics. */
export default function EditDataset() {
  const dataset = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const revalidator = useRevalidator();
  const [description, setDescription] = useState(dataset.description ?? "");
  const [columns, setColumns] = useState<EditableColumn[]>(() => dataset.columns.map((c) => ({ ...c })));
  const [metrics, setMetrics] = useState<EditableMetric[]>(() => dataset.metrics.map((m) => ({ ...m, key: `m${m.id}` })));
  const [saving, setSaving] = useState(false);
  const [history, setHistory] = useState(false);
  // what the server holds: the editor is dirty while its state differs from this
  const [baseline, setBaseline] = useState(() => snapshot(dataset.description ?? "", columns, metrics));
  const dirty = useMemo(() => snapshot(description, columns, metrics) !== baseline, [description, columns, metrics, baseline]);

  async function save() {
    setSaving(true);
    const result = await datasetCall("PUT", `/api/v1/dataset/${dataset.id}`, root?.csrfToken ?? null, {
      description: description.trim() ? description : null,
      columns: columns.map((c) => ({
        id: c.id, column_name: c.column_name, verbose_name: c.verbose_name || null, is_dttm: c.is_dttm,
        filterable: c.filterable, groupby: c.groupby, expression: c.expression || null, python_date_format: c.python_date_format || null,
      })),
      metrics: metrics.map((m) => ({
        ...(m.id ? { id: m.id } : {}), metric_name: m.metric_name, expression: m.expression,
        verbose_name: m.verbose_name || null, d3format: m.d3format || null, description: m.description || null,
      })),
    }, { fieldSummary: (fields) => Object.values(fields).join(" ") });
    setSaving(false);
    if (!result.ok) {
      showToast("danger", `The dataset could not be saved: ${result.message}`);
      return;
    }
    const saved = (result.body as { result: { metrics: (EditableMetric & { id: number })[]; columns: EditableColumn[] } }).result;
    const nextMetrics = saved.metrics.map((m) => ({ ...m, key: `m${m.id}` }));
    const nextColumns = saved.columns.map((c) => ({ ...c }));
    setMetrics(nextMetrics);
    setColumns(nextColumns);
    setBaseline(snapshot(description, nextColumns, nextMetrics));
    showToast("success", "The dataset has been saved");
    revalidator.revalidate();
  }

  return (
    <Stack>
      <UnsavedChangesGuard dirty={dirty && !saving} />
      {history && (
        <Suspense fallback={null}>
          {/* a restore rewrites columns and metrics: the editor starts again from what the server now holds */}
          <HistoryModal type="dataset" id={dataset.id} canRestore csrfToken={root?.csrfToken ?? null} onClose={() => setHistory(false)}
            onRestored={() => window.location.reload()} />
        </Suspense>
      )}
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2} data-testid="dataset-title">
            {dataset.table_name}
          </Title>
          <Badge variant="light">{dataset.kind === "virtual" ? "Virtual" : "Physical"}</Badge>
          <Text c="dimmed" size="sm">
            {dataset.database.database_name}
            {dataset.schema ? ` · ${dataset.schema}` : ""}
          </Text>
        </Group>
        <Group>
          <Anchor component={Link} to="/tablemodelview/list/">
            Back to datasets
          </Anchor>
          <Button variant="default" onClick={() => setHistory(true)} data-testid="dataset-history">
            History
          </Button>
          <Button onClick={save} loading={saving} data-testid="save-dataset">
            Save
          </Button>
        </Group>
      </Group>
      <Tabs defaultValue="metrics">
        <Tabs.List>
          <Tabs.Tab value="metrics">Metrics</Tabs.Tab>
          <Tabs.Tab value="columns">Columns</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="metrics" pt="md">
          <MetricsEditor metrics={metrics} onChange={setMetrics} />
        </Tabs.Panel>
        <Tabs.Panel value="columns" pt="md">
          <ColumnsEditor columns={columns} onChange={setColumns} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <Stack maw={720}>
            <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={3} />
            {dataset.sql && <Textarea label="SQL" value={dataset.sql} readOnly autosize minRows={3} styles={CODE_INPUT_STYLES} />}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The editable part of the dataset, as the server would return it (metric keys and order of edits aside). */
function snapshot(description: string, columns: EditableColumn[], metrics: EditableMetric[]): string {
  return JSON.stringify([description, columns, metrics.map(({ key: _key, ...m }) => m)]);
}
