import { IconX } from "@tabler/icons-react";
import { ActionIcon, Badge, Box, Group, Loader, ScrollArea, Select, Stack, Text, UnstyledButton } from "@mantine/core";
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { tablesOfEditor } from "../../../core/sqllab/tables";
import type { QueryEditor, Table } from "../../../core/sqllab/types";
import { editTab } from "./tab-actions";
import { addTable, loadSchemas, loadTableList, removeTable, setTableExpanded } from "./table-actions";
import { sqlLabStore } from "./store";
import { editsChanged } from "./sync";

// The hideable left bar: database and schema pickers, the schema's tables, and the tables opened in
// this tab with their columns, keys and indexes (expand and collapse).

export function LeftBar({ editor }: { editor: QueryEditor }) {
  const snap = useSnapshot(sqlLabStore);
  const dbId = editor.dbId ?? null;
  const schema = editor.schema ?? null;
  useEffect(() => {
    if (dbId) void loadSchemas(dbId);
  }, [dbId]);
  useEffect(() => {
    if (dbId && schema) void loadTableList(dbId, schema);
  }, [dbId, schema]);
  const databases = Object.values(snap.state.databases);
  const schemas = dbId ? snap.schemas[String(dbId)] : undefined;
  const onlySchema = !schema && schemas && !schemas.loading && schemas.schemas.length === 1 ? schemas.schemas[0] : null;
  useEffect(() => {
    // A database with a single schema (D1's "main") needs no choice: take it, so its tables autocomplete.
    if (onlySchema) editTab(editor.id, { schema: onlySchema });
  }, [onlySchema, editor.id]);
  const tableList = dbId && schema ? snap.tableLists[`${dbId}|${schema}`] : undefined;
  const openTables = tablesOfEditor(snap.state as never, editor.id) as Table[];
  const change = (changes: Partial<QueryEditor>) => {
    editTab(editor.id, changes);
    editsChanged();
  };
  return (
    <Stack gap="xs" w={280} miw={280} h="100%" data-testid="left-bar">
      <Select
        label="Database"
        data-testid="database-select"
        data={databases.map((d) => ({ value: String(d.id), label: d.database_name }))}
        value={dbId ? String(dbId) : null}
        onChange={(v) => change({ dbId: v ? Number(v) : null, schema: null })}
        allowDeselect={false}
        size="xs"
      />
      <Select
        label="Schema"
        data-testid="schema-select"
        data={schemas?.schemas ?? []}
        value={schema}
        onChange={(v) => change({ schema: v })}
        placeholder={schemas?.loading ? "Loading…" : "Select schema"}
        searchable
        size="xs"
        rightSection={schemas?.loading ? <Loader size={12} /> : undefined}
      />
      <Select
        label="See table schema"
        data-testid="table-select"
        data={(tableList?.tables ?? []).map((t) => t.value)}
        value={null}
        onChange={(v) => v && dbId && void addTable(editor, dbId, schema, v)}
        placeholder={tableList?.loading ? "Loading…" : `Select table (${tableList?.tables.length ?? 0})`}
        searchable
        size="xs"
      />
      {tableList?.error ? <Text size="xs" c="red">{tableList.error}</Text> : null}
      <ScrollArea style={{ flex: 1 }}>
        <Stack gap={4}>
          {openTables.map((t) => (
            <TableElement key={t.id} table={t} />
          ))}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

function TableElement({ table }: { table: Table }) {
  const data = table.persistData;
  const indexes = (data?.indexes ?? []) as { name?: string | null; column_names?: string[] }[];
  const pk = data?.primaryKey as { constrained_columns?: string[] } | null | undefined;
  const fks = (data?.foreignKeys ?? []) as { constrained_columns?: string[]; referred_table?: string }[];
  return (
    <Box data-testid="table-element" data-table={table.name} style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 4, padding: 4 }}>
      <Group justify="space-between" wrap="nowrap">
        <UnstyledButton onClick={() => setTableExpanded(table, !table.expanded)} aria-expanded={table.expanded} data-testid="table-toggle">
          <Text size="sm" fw={600}>{table.expanded ? "▾" : "▸"} {table.name}</Text>
        </UnstyledButton>
        <ActionIcon size="xs" variant="subtle" aria-label={`Remove table ${table.name}`} onClick={() => void removeTable(table)}><IconX size={12} aria-hidden /></ActionIcon>
      </Group>
      {table.expanded ? (
        <Stack gap={0} pl="sm" data-testid="table-columns">
          {!data?.columns ? <Loader size="xs" /> : null}
          {(data?.columns ?? []).map((c) => (
            <Group key={c.name} justify="space-between" gap={4} wrap="nowrap">
              <Text size="xs">
                {c.name}
                {pk?.constrained_columns?.includes(c.name) ? <Badge size="xs" ml={4} variant="light">pk</Badge> : null}
                {fks.some((f) => f.constrained_columns?.includes(c.name)) ? <Badge size="xs" ml={4} variant="light" color="grape">fk</Badge> : null}
                {indexes.some((i) => i.column_names?.includes(c.name)) ? <Badge size="xs" ml={4} variant="light" color="gray">index</Badge> : null}
              </Text>
              <Text size="xs" c="dimmed">{c.type ?? ""}</Text>
            </Group>
          ))}
          {indexes.length ? <Text size="xs" c="dimmed" mt={4}>Indexes: {indexes.map((i) => `${i.name ?? "?"} (${(i.column_names ?? []).join(", ")})`).join("; ")}</Text> : null}
        </Stack>
      ) : null}
    </Box>
  );
}
