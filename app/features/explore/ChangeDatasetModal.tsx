import { useEffect, useState } from "react";
import { Alert, Loader, Modal, ScrollArea, Stack, Table, Text, TextInput, UnstyledButton } from "@mantine/core";
import { apiCall } from "../../components/api-call";
import { risonParam } from "../../components/list-view/options";
import { showToast } from "../../components/toast-store";
import { changeDataset, exploreStore } from "./store";

// Superset's "Change dataset" modal: the datasets the user may read (the dataset API answers only those),
// searched by name; a click moves the chart there. Its warning is Superset's, since columns may be missing.

interface DatasetRow {
  id: number;
  table_name: string;
  schema: string | null;
  kind?: string;
  database?: { database_name: string };
}

function useDatasets(search: string) {
  const [state, setState] = useState<{ loading: boolean; rows: DatasetRow[]; error: string | null }>({ loading: true, rows: [], error: null });
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const q = {
        columns: ["id", "table_name", "schema", "kind", "database.database_name"], order_column: "table_name", order_direction: "asc", page_size: 100,
        ...(search.trim() ? { filters: [{ col: "table_name", opr: "ct", value: search.trim() }] } : {}),
      };
      void apiCall<{ result: DatasetRow[] }>("GET", `/api/v1/dataset/?q=${risonParam(q)}`, exploreStore.csrfToken).then((res) => {
        if (live) setState(res.ok ? { loading: false, rows: res.body.result, error: null } : { loading: false, rows: [], error: res.message });
      });
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search]);
  return state;
}

export function ChangeDatasetModal({ onClose }: { onClose: () => void }) {
  const [search, setSearch] = useState("");
  const [busy, setBusy] = useState(false);
  const { loading, rows, error } = useDatasets(search);
  const current = exploreStore.dataset?.id;
  async function pick(id: number) {
    setBusy(true);
    const failure = await changeDataset(id);
    setBusy(false);
    if (failure) return showToast("danger", failure);
    showToast("success", "Successfully changed dataset!");
    onClose();
  }
  return (
    <Modal opened onClose={onClose} title="Change dataset" size="lg" data-testid="change-dataset-modal">
      <Stack gap="xs">
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm"><b>Warning!</b> Changing the dataset may break the chart if the chart relies on columns or metadata that does not exist in the target dataset</Text>
        </Alert>
        <TextInput placeholder="Search / Filter" aria-label="Search datasets" value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-autofocus />
        {error && <Alert color="red" variant="light">{error}</Alert>}
        {(loading || busy) && <Loader size="sm" />}
        <ScrollArea h={360}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr><Table.Th>Name</Table.Th><Table.Th>Type</Table.Th><Table.Th>Database</Table.Th><Table.Th>Schema</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.filter((r) => r.id !== current).map((r) => (
                <Table.Tr key={r.id} data-testid="change-dataset-row">
                  <Table.Td><UnstyledButton disabled={busy} onClick={() => void pick(r.id)} c="blue">{r.table_name}</UnstyledButton></Table.Td>
                  <Table.Td>{r.kind ?? ""}</Table.Td>
                  <Table.Td>{r.database?.database_name ?? ""}</Table.Td>
                  <Table.Td>{r.schema ?? ""}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {!loading && !rows.some((r) => r.id !== current) && <Text c="dimmed" size="sm" p="xs">No other dataset matches</Text>}
        </ScrollArea>
      </Stack>
    </Modal>
  );
}
