import { lazy, Suspense, useMemo, useState } from "react";
import { Anchor, Badge, Button, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { requirePermission } from "../../auth.server";
import { showToast } from "../../components/toast-store";
import type { RootData } from "../../root";
import { datasetCall } from "../../features/datasets/dataset-api";
import { draftFrom, draftKey, draftProblems, savePayload, type DatasetDraft, type DraftColumn, type SavedDataset } from "../../../core/datasets/editor-draft";
import { syncColumns, syncSummary, type SourceColumnInfo } from "../../../core/datasets/sync-columns";
import { loadEditableDataset } from "./dataset.server";
import { ColumnsEditor } from "./ColumnsEditor";
import { CalculatedColumnsEditor } from "./CalculatedColumnsEditor";
import { MetricsEditor } from "./MetricsEditor";
import { SettingsTab } from "./SettingsTab";
import { SourceTab } from "./SourceTab";
import { UnsavedChangesGuard } from "./unsaved-changes";

const HistoryModal = lazy(() => import("../../features/history/HistoryModal").then((m) => ({ default: m.HistoryModal })));

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.table_name ?? "Dataset"} · Edit dataset · Edge Superset` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const principal = requirePermission(context, request, ["can_write", "Dataset"]);
  return loadEditableDataset(context, principal, params.datasetId);
}

let synced = 0;
const freshColumn = (s: SourceColumnInfo): DraftColumn => ({
  key: `synced-${++synced}`, column_name: s.column_name, verbose_name: null, description: null, type: s.type, type_generic: s.type_generic ?? null,
  is_dttm: Boolean(s.is_dttm), filterable: true, groupby: true, expression: null, python_date_format: null, calculated: false,
});

/** Superset's dataset editor: Source (a virtual dataset's SQL), Metrics, Columns, Calculated columns and Settings. */
export default function EditDataset() {
  const dataset = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const revalidator = useRevalidator();
  const virtual = dataset.kind === "virtual";
  // what the server holds; the editor is dirty while the draft differs from it
  const [saved, setSaved] = useState<SavedDataset>(dataset as SavedDataset);
  const [draft, setDraft] = useState<DatasetDraft>(() => draftFrom(dataset as SavedDataset));
  const [saving, setSaving] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [history, setHistory] = useState(false);
  const baseline = useMemo(() => draftKey(draftFrom(saved)), [saved]);
  const dirty = draftKey(draft) !== baseline;
  const patch = (p: Partial<DatasetDraft>) => setDraft((d) => ({ ...d, ...p }));
  const setColumns = (columns: DraftColumn[]) => patch({ columns });
  const sqlUnsaved = virtual && (draft.sql !== (saved.sql ?? "") || draft.template_params !== (saved.template_params ?? ""));

  async function save() {
    const problems = draftProblems(draft, virtual);
    if (problems.length) {
      showToast("danger", `The dataset could not be saved: ${problems.join("; ")}`);
      return;
    }
    setSaving(true);
    const { body, overrideColumns } = savePayload(draft, saved, virtual);
    const result = await datasetCall("PUT", `/api/v1/dataset/${dataset.id}${overrideColumns ? "?override_columns=true" : ""}`, root?.csrfToken ?? null, body,
      { fieldSummary: (fields) => Object.values(fields).join(" ") });
    setSaving(false);
    if (!result.ok) {
      showToast("danger", `The dataset could not be saved: ${result.message}`);
      return;
    }
    const next = (result.body as { result: SavedDataset }).result;
    setSaved(next);
    setDraft(draftFrom(next));
    showToast("success", "The dataset has been saved");
    revalidator.revalidate();
  }

  async function sync() {
    setSyncing(true);
    const result = await datasetCall<SourceColumnInfo[]>("GET", `/datasource/external_metadata/table/${dataset.id}/`, root?.csrfToken ?? null);
    setSyncing(false);
    if (!result.ok) {
      showToast("danger", `The columns could not be read from the source: ${result.message}`);
      return;
    }
    const merged = syncColumns(draft.columns, result.body, freshColumn);
    setColumns(merged.columns);
    showToast("success", syncSummary(merged));
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
          <Badge variant="light">{virtual ? "Virtual" : "Physical"}</Badge>
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
      <Tabs defaultValue="source" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="source">Source</Tabs.Tab>
          <Tabs.Tab value="metrics">Metrics</Tabs.Tab>
          <Tabs.Tab value="columns">Columns</Tabs.Tab>
          <Tabs.Tab value="calculated">Calculated columns</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="source" pt="md">
          <SourceTab source={dataset} draft={draft} onChange={patch} />
        </Tabs.Panel>
        <Tabs.Panel value="metrics" pt="md">
          <MetricsEditor metrics={draft.metrics} onChange={(metrics) => patch({ metrics })} />
        </Tabs.Panel>
        <Tabs.Panel value="columns" pt="md">
          <ColumnsEditor columns={draft.columns} onChange={setColumns} onSync={sync} syncing={syncing}
            syncNote={sqlUnsaved ? "Save the SQL first: a sync reads the columns of the saved SQL" : null} />
        </Tabs.Panel>
        <Tabs.Panel value="calculated" pt="md">
          <CalculatedColumnsEditor columns={draft.columns} onChange={setColumns} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsTab draft={draft} onChange={patch} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
