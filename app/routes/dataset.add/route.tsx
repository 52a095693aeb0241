import { useEffect, useMemo, useState } from "react";
import { Alert, Anchor, Button, Grid, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate, useRouteLoaderData } from "@remix-run/react";
import rison from "rison";
import { requirePermission } from "../../auth.server";
import { showToast } from "../../components/toast-store";
import type { RootData } from "../../root";
import { datasetCall } from "../../features/datasets/dataset-api";
import { allPages, useApiGet } from "../../features/datasets/use-api-get";
import { TablePicker, type TableOption } from "./TablePicker";
import { ColumnsPreview, type PreviewColumn } from "./ColumnsPreview";

export const meta: MetaFunction = () => [{ title: "New dataset · Edge Superset" }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requirePermission(context, request, ["can_write", "Dataset"]);
  return null;
}

const q = (value: unknown) => encodeURIComponent(rison.encode(value));
const DATABASES = `/api/v1/database/?q=${q({ order_column: "database_name", order_direction: "asc", page_size: 100 })}`;

interface DatabaseItem { id: number; database_name: string; backend: string }
interface DatasetItem { id: number; table_name: string }

/**
 * Superset's "New dataset" page (/dataset/add/): choose a database, a schema and a table, look at its columns,
 * then create a physical dataset and continue in the dataset editor.
 */
export default function AddDataset() {
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const navigate = useNavigate();
  const [databaseId, setDatabaseId] = useState<string | null>(null);
  const [schema, setSchema] = useState<string | null>(null);
  const [table, setTable] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const toastError = (what: string) => (message: string) => showToast("danger", `${what}: ${message}`);

  const dbs = useApiGet<{ result: DatabaseItem[] }>(DATABASES, toastError("The databases could not be listed"));
  const schemas = useApiGet<{ result: string[] }>(databaseId ? `/api/v1/database/${databaseId}/schemas/` : null, toastError("The schemas could not be listed"));
  const tablesPath = databaseId && schema ? `/api/v1/database/${databaseId}/tables/?q=${q({ schema_name: schema })}` : null;
  const tables = useApiGet<{ result: TableOption[] }>(tablesPath, toastError("The tables could not be listed"));
  // every dataset of the schema, page by page (a page holds at most 100), to mark the tables that have one
  const existingQuery = databaseId && schema
    ? { filters: [{ col: "database", opr: "rel_o_m", value: Number(databaseId) }, { col: "schema", opr: "eq", value: schema }] }
    : null;
  const existingDatasets = useApiGet<{ result: DatasetItem[] }>(
    existingQuery && `/api/v1/dataset/?q=${q(existingQuery)}`, toastError("The existing datasets could not be listed"),
    () => allPages<DatasetItem>("/api/v1/dataset/", existingQuery!),
  );
  const metadataPath = databaseId && table
    ? `/api/v1/database/${databaseId}/table_metadata/?name=${encodeURIComponent(table)}${schema ? `&schema=${encodeURIComponent(schema)}` : ""}`
    : null;
  const metadata = useApiGet<{ columns: PreviewColumn[] }>(metadataPath, toastError("The table's columns could not be read"));

  const existing = useMemo(
    () => new Map(existingDatasets.state === "done" ? existingDatasets.data.result.map((d) => [d.table_name, d.id]) : []),
    [existingDatasets],
  );
  const existingId = table ? existing.get(table) : undefined;

  // a database with one schema (D1's "main") needs no choice
  useEffect(() => {
    if (schemas.state === "done" && schemas.data.result.length === 1 && schema === null) setSchema(schemas.data.result[0]);
  }, [schemas, schema]);

  function chooseDatabase(id: string | null) {
    setDatabaseId(id);
    setSchema(null);
    setTable(null);
  }

  function chooseSchema(name: string | null) {
    setSchema(name);
    setTable(null);
  }

  async function create() {
    if (!databaseId || !table) return;
    setCreating(true);
    const res = await datasetCall<{ id: number }>("POST", "/api/v1/dataset/", csrfToken, { database: Number(databaseId), schema, table_name: table });
    setCreating(false);
    if (!res.ok) {
      // field errors carry whole sentences ("Dataset public.x already exists"): the sentences are the message
      const detail = Object.keys(res.fieldErrors).length ? Object.values(res.fieldErrors).join(" ") : res.message;
      showToast("danger", `The dataset could not be created: ${detail}`);
      return;
    }
    showToast("success", `Dataset ${table} was created`);
    navigate(`/tablemodelview/edit/${res.body.id}`);
  }

  const databaseOptions = dbs.state === "done" ? dbs.data.result.map((d) => ({ value: String(d.id), label: d.database_name })) : [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>New dataset</Title>
        <Group>
          <Button variant="default" component={Link} to="/tablemodelview/list/">
            Cancel
          </Button>
          <Button onClick={create} loading={creating} disabled={!table || metadata.state !== "done" || existingId !== undefined} data-testid="create-dataset">
            Create dataset
          </Button>
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md">
            <Stack>
              <Select
                label="Database"
                placeholder={dbs.state === "loading" ? "Loading databases…" : "Select a database"}
                data={databaseOptions}
                value={databaseId}
                onChange={chooseDatabase}
                disabled={dbs.state !== "done"}
                searchable
                nothingFoundMessage="No databases match"
                data-testid="dataset-database"
              />
              {dbs.state === "done" && databaseOptions.length === 0 && (
                <Text size="sm" c="dimmed">
                  No database is connected yet. <Anchor component={Link} to="/databaseview/list/">Connect one</Anchor> first.
                </Text>
              )}
              <Select
                label="Schema"
                placeholder={schemas.state === "loading" ? "Loading schemas…" : "Select a schema"}
                data={schemas.state === "done" ? schemas.data.result : []}
                value={schema}
                onChange={chooseSchema}
                disabled={schemas.state !== "done"}
                searchable
                nothingFoundMessage="No schemas match"
                data-testid="dataset-schema"
              />
              <TablePicker
                tables={tables.state === "done" ? tables.data.result : null}
                loading={tables.state === "loading"}
                selected={table}
                existing={new Set(existing.keys())}
                onSelect={setTable}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" mih={200}>
            <Stack>
              {existingId !== undefined && (
                <Alert color="teal" data-testid="dataset-exists">
                  This table already has a dataset.{" "}
                  <Anchor component={Link} to={`/tablemodelview/edit/${existingId}`}>
                    Edit that dataset
                  </Anchor>
                </Alert>
              )}
              {!table ? (
                <Text c="dimmed" data-testid="preview-empty">
                  Select a database, a schema and a table to see its columns. A dataset made from a table can be used in charts,
                  and its metrics and column labels are edited in the dataset editor.
                </Text>
              ) : (
                <ColumnsPreview
                  table={table}
                  columns={metadata.state === "done" ? metadata.data.columns : null}
                  loading={metadata.state === "loading"}
                  error={metadata.state === "failed" ? metadata.message : null}
                />
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
