import { useEffect, useState } from "react";
import { Accordion, Alert, Button, Checkbox, FileInput, Group, Modal, MultiSelect, NumberInput, Progress, Select, Stack, Text, TextInput } from "@mantine/core";
import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useSnapshot } from "valtio";
import type { RootData } from "../../root-data";
import { showToast } from "../../components/toast-store";
import { uploadDialog, type UploadType } from "./upload-store";
import { sendUpload, type UploadPhase } from "./upload-request";
import { ENGINES } from "../../../core/engines/registry";

// Superset's "Upload CSV / Excel / Columnar file to database" dialog: database, schema, table and file first; then
// how to read the file (CSV: delimiter, decimal character …; Excel: the sheet; all: header row, rows, nulls, dates,
// index) and what to do when the table exists. The file's columns (and an Excel file's sheets) come from
// upload_metadata as soon as it is picked. On an error the form keeps everything typed and shows the server's
// message; a bar shows how much of the file is sent (a CSV is written as it is sent), then how much is written.

const KINDS: Record<UploadType, { title: string; label: string; accept: string; placeholder: string }> = {
  csv: { title: "Upload CSV to database", label: "CSV", accept: ".csv,.tsv,.txt,text/csv", placeholder: "Select a CSV file" },
  excel: { title: "Upload Excel to database", label: "Excel", accept: ".xlsx", placeholder: "Select an Excel file (.xlsx)" },
  columnar: { title: "Upload Columnar file to database", label: "Columnar", accept: ".parquet,.zip", placeholder: "Select a Parquet file (or a .zip of them)" },
};

const CSV_HEAD_BYTES = 256 * 1024;

interface Db { id: number; database_name: string; allow_file_upload: boolean; backend?: string }

/** The database's tables take a sort key (a MergeTree's ORDER BY): its engine's upload has table options. */
const takesSortKey = (db: Db | undefined) => Boolean(db?.backend && ENGINES.find(db.backend)?.upload.tableOptions);

const INITIAL = {
  database: null as string | null, schema: null as string | null, table_name: "", delimiter: ",", already_exists: "fail",
  header_row: 0 as number | string, skip_rows: 0 as number | string, rows_to_read: "" as number | string, null_values: "", decimal_character: ".",
  columns_read: [] as string[], column_dates: [] as string[], index_column: null as string | null, dataframe_index: false, index_label: "",
  skip_initial_space: false, skip_blank_lines: true, day_first: false, sheet_name: null as string | null,
  sort_key: [] as string[],
};
type Form = typeof INITIAL;

export function UploadDataModal() {
  const { open, type } = useSnapshot(uploadDialog);
  return open ? <UploadForm key={type} type={type} onClose={() => (uploadDialog.open = false)} /> : null;
}

function UploadForm({ type, onClose }: { type: UploadType; onClose: () => void }) {
  const kind = KINDS[type];
  const csrfToken = useRouteLoaderData<RootData>("root")?.csrfToken ?? null;
  const revalidator = useRevalidator();
  const [form, setForm] = useState<Form>(INITIAL);
  const [file, setFile] = useState<File | null>(null);
  const [dbs, setDbs] = useState<Db[]>([]);
  const [schemas, setSchemas] = useState<string[]>([]);
  const [sheets, setSheets] = useState<{ sheet_name: string | null; column_names: string[] }[]>([]);
  const [progress, setProgress] = useState<UploadPhase | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Form>(key: K) => (value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    fetch("/api/v1/database/?q=(page_size:100)", { credentials: "same-origin" })
      .then((r) => r.json() as Promise<{ result: Db[] }>)
      .then((b) => setDbs(b.result.filter((d) => d.allow_file_upload)))
      .catch(() => setError("The databases could not be listed"));
  }, []);

  useEffect(() => {
    setSchemas([]);
    if (!form.database) return;
    const id = form.database;
    Promise.all([
      fetch(`/api/v1/database/${id}/schemas/`, { credentials: "same-origin" }).then((r) => r.json() as Promise<{ result?: string[] }>),
      fetch(`/api/v1/database/${id}/schemas_access_for_file_upload/`, { credentials: "same-origin" }).then((r) => r.json() as Promise<{ schemas?: string[] }>),
    ])
      .then(([all, allowed]) => setSchemas(allowed.schemas?.length ? allowed.schemas : (all.result ?? [])))
      .catch(() => setSchemas([]));
  }, [form.database]);

  useEffect(() => {
    setSheets([]);
    if (!file) return;
    const body = new FormData();
    body.set("type", type);
    if (type === "csv") body.set("delimiter", form.delimiter);
    if (type !== "columnar") body.set("header_row", String(form.header_row));
    // the column names of a CSV are in its first lines: its head is enough (a large file is not sent twice)
    body.set("file", type === "csv" ? new File([file.slice(0, CSV_HEAD_BYTES)], file.name) : file);
    fetch("/api/v1/database/upload_metadata/", { method: "POST", body, credentials: "same-origin", headers: csrfToken ? { "X-CSRFToken": csrfToken } : {} })
      .then((r) => (r.ok ? (r.json() as Promise<{ result: { items: { column_names: string[]; sheet_name?: string | null }[] } }>) : null))
      .then((b) => setSheets((b?.result.items ?? []).map((i) => ({ column_names: i.column_names, sheet_name: i.sheet_name ?? null }))))
      .catch(() => setSheets([]));
  }, [file, type, form.delimiter, form.header_row, csrfToken]);
  const columns = (sheets.find((s) => s.sheet_name === form.sheet_name) ?? sheets[0])?.column_names ?? [];
  const sortable = takesSortKey(dbs.find((d) => String(d.id) === form.database));

  async function submit() {
    if (!form.database || !file) return;
    setError(null);
    setFieldErrors({});
    setProgress({ phase: "sending", fraction: 0 });
    const body = new FormData();
    body.set("type", type);
    const fields: Record<string, string> = {
      table_name: form.table_name, already_exists: form.already_exists, columns_read: form.columns_read.join(","),
      dataframe_index: String(form.dataframe_index), index_label: form.index_label,
    };
    if (sortable && form.sort_key.length) fields.sort_key = form.sort_key.join(",");
    if (type !== "columnar") {
      Object.assign(fields, {
        header_row: String(form.header_row), skip_rows: String(form.skip_rows || 0), rows_to_read: String(form.rows_to_read),
        column_dates: form.column_dates.join(","), index_column: form.index_column ?? "",
      });
      if (form.null_values) fields.null_values = form.null_values;
    }
    if (type === "csv") {
      Object.assign(fields, {
        delimiter: form.delimiter, decimal_character: form.decimal_character, skip_initial_space: String(form.skip_initial_space),
        skip_blank_lines: String(form.skip_blank_lines), day_first: String(form.day_first),
      });
    }
    if (type === "excel" && form.sheet_name) fields.sheet_name = form.sheet_name;
    if (form.schema) fields.schema = form.schema;
    for (const [k, v] of Object.entries(fields)) if (v !== "" || k === "header_row") body.set(k, v);
    // the file goes last: the server reads a CSV as it arrives, once the fields saying how to read it are in
    body.set("file", file);
    const answer = await sendUpload(`/api/v1/database/${form.database}/upload/`, body, csrfToken, setProgress);
    setProgress(null);
    if (!answer.ok) {
      setError(answer.message);
      setFieldErrors(answer.fieldErrors);
      return;
    }
    showToast("success", `${kind.label} file "${file.name}" uploaded to table "${form.table_name}"`);
    revalidator.revalidate();
    onClose();
  }

  const busy = progress !== null;
  return (
    <Modal opened onClose={busy ? () => {} : onClose} title={kind.title} size="lg" data-testid="upload-modal">
      <Stack>
        <Accordion multiple defaultValue={["general"]}>
          <Accordion.Item value="general">
            <Accordion.Control>General information</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <FileInput label="Upload file" placeholder={kind.placeholder} accept={kind.accept} value={file} onChange={setFile} required
                  error={fieldErrors.file} data-testid="upload-file" />
                <Select label="Database" data={dbs.map((d) => ({ value: String(d.id), label: d.database_name }))} value={form.database} required
                  onChange={(v) => setForm((f) => ({ ...f, database: v, schema: null }))} data-testid="upload-database"
                  description={dbs.length ? undefined : "No database allows file upload: turn on “Allow file uploads to database” in a database’s settings."} />
                <Select label="Schema" data={schemas} value={form.schema} onChange={set("schema")} clearable searchable data-testid="upload-schema" error={fieldErrors.schema} />
                <TextInput label="Table name" value={form.table_name} onChange={(e) => set("table_name")(e.currentTarget.value)} required
                  error={fieldErrors.table_name} data-testid="upload-table-name" />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="file">
            <Accordion.Control>File settings</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                {type === "excel" && (
                  <Select label="Sheet name" data={sheets.flatMap((x) => (x.sheet_name ? [x.sheet_name] : []))} value={form.sheet_name} onChange={set("sheet_name")}
                    placeholder="The first sheet" clearable data-testid="upload-sheet-name" error={fieldErrors.sheet_name} />
                )}
                {type === "csv" && <Select label="Delimiter" data={[{ value: ",", label: "Comma ( , )" }, { value: ";", label: "Semicolon ( ; )" }, { value: "\\t", label: "Tab ( \\t )" }, { value: "|", label: "Pipe" }]}
                  value={form.delimiter} onChange={(v) => set("delimiter")(v ?? ",")} allowDeselect={false} data-testid="upload-delimiter" error={fieldErrors.delimiter} />}
                <Select label="If table already exists" data={[{ value: "fail", label: "Fail" }, { value: "replace", label: "Replace" }, { value: "append", label: "Append" }]}
                  value={form.already_exists} onChange={(v) => set("already_exists")(v ?? "fail")} allowDeselect={false} data-testid="upload-already-exists" />
                {sortable && (
                  <MultiSelect label="Sort the table by" description="The table's sorting key, in order (none: unsorted); these columns may hold no empty"
                    data={columns} value={form.sort_key} onChange={set("sort_key")} searchable data-testid="upload-sort-key" error={fieldErrors.sort_key} />
                )}
                {type !== "columnar" && <MultiSelect label="Columns to be parsed as dates" data={columns} value={form.column_dates} onChange={set("column_dates")} searchable data-testid="upload-column-dates" />}
                {type !== "columnar" && (
                  <TextInput label="Null values" description="Comma-separated values to treat as null; empty uses pandas' defaults" value={form.null_values}
                    onChange={(e) => set("null_values")(e.currentTarget.value)} />
                )}
                {type === "csv" && <>
                <TextInput label="Decimal character" value={form.decimal_character} maxLength={1} onChange={(e) => set("decimal_character")(e.currentTarget.value)} />
                <Checkbox label="Skip spaces after delimiter" checked={form.skip_initial_space} onChange={(e) => set("skip_initial_space")(e.currentTarget.checked)} />
                <Checkbox label="Skip blank lines" checked={form.skip_blank_lines} onChange={(e) => set("skip_blank_lines")(e.currentTarget.checked)} />
                <Checkbox label="DD/MM format dates" checked={form.day_first} onChange={(e) => set("day_first")(e.currentTarget.checked)} />
                </>}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="columns">
            <Accordion.Control>Columns</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <MultiSelect label="Columns to read" data={columns} value={form.columns_read} onChange={set("columns_read")} searchable />
                {type !== "columnar" && <Select label="Index column" data={columns} value={form.index_column} onChange={set("index_column")} clearable />}
                <Checkbox label="Create dataframe index" checked={form.dataframe_index} onChange={(e) => set("dataframe_index")(e.currentTarget.checked)} />
                <TextInput label="Index label" value={form.index_label} disabled={!form.dataframe_index} onChange={(e) => set("index_label")(e.currentTarget.value)} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
          {type !== "columnar" && <Accordion.Item value="rows">
            <Accordion.Control>Rows</Accordion.Control>
            <Accordion.Panel>
              <Group grow>
                <NumberInput label="Header row" min={0} value={form.header_row} onChange={set("header_row")} description="Empty: the file has no header" />
                <NumberInput label="Rows to read" min={1} value={form.rows_to_read} onChange={set("rows_to_read")} />
                <NumberInput label="Skip rows" min={0} value={form.skip_rows} onChange={set("skip_rows")} />
              </Group>
            </Accordion.Panel>
          </Accordion.Item>}
        </Accordion>
        {error && <Alert color="red" title="The file could not be uploaded" data-testid="upload-error">{error}</Alert>}
        {busy && (
          <Stack gap={4} data-testid="upload-progress">
            <Progress value={Math.round(progress.fraction * 100)} animated={progress.phase === "writing"} />
            <Text size="xs" c="dimmed" data-testid="upload-progress-text">
              {progress.phase === "sending" ? `Sending… ${Math.round(progress.fraction * 100)}%` : `Writing the table… ${Math.round(progress.fraction * 100)}%`}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button onClick={submit} loading={busy} disabled={!file || !form.database || !form.table_name.trim()} data-testid="upload-submit">Upload</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
