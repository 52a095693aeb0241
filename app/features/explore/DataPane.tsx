import { useEffect, useState } from "react";
import { ActionIcon, Alert, Badge, Group, Loader, ScrollArea, Table, Tabs, Text, TextInput, Tooltip } from "@mantine/core";
import type { FormData, QueryData } from "../../../core/charts/contract";
import { cellText, columnsOf, rowsAsText, searchRows, temporalColumns } from "../../../core/explore/data-pane";
import { copyText } from "../sqllab/clipboard";
import { chartResults, datasetSamples, type Answer } from "./chart-requests";

// Superset's data pane under the chart: "Results" (the chart's rows before post-processing, result_type
// results) and "Samples" (rows of the dataset, /datasource/samples), each with its row count, a search over
// the rows and a copy of them. A tab loads when opened and again when the chart is run with another query;
// clicking the open tab folds the pane.

type TabName = "results" | "samples";
const SHOWN = 500;

function useAnswer(tab: TabName | null, formData: FormData | null, datasetId: number) {
  const [state, setState] = useState<{ loading: boolean; answer: (Answer & { total?: number }) | null }>({ loading: false, answer: null });
  const key = tab === "results" ? JSON.stringify(formData) : tab;
  useEffect(() => {
    if (!tab || (tab === "results" && !formData)) return;
    let live = true;
    setState({ loading: true, answer: null });
    void (tab === "results" ? chartResults(formData!) : datasetSamples(datasetId)).then((answer) => live && setState({ loading: false, answer }));
    return () => {
      live = false;
    };
  }, [key, datasetId]); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}

function Rows({ data, total, label }: { data: QueryData; total?: number; label: string }) {
  const [search, setSearch] = useState("");
  const columns = columnsOf(data);
  const temporal = temporalColumns(data);
  const rows = searchRows(data.data, columns, search, temporal);
  const count = total ?? data.rowcount ?? data.data.length;
  return (
    <>
      <Group justify="space-between" my={6}>
        <Group gap={6}>
          <Badge variant="light" color="gray" data-testid={`${label}-row-count`}>{count} {count === 1 ? "row" : "rows"}</Badge>
          {search.trim() && <Text size="xs" c="dimmed" data-testid={`${label}-matching`}>{rows.length} matching</Text>}
          <Tooltip label="Copy to clipboard">
            <ActionIcon variant="subtle" size="sm" aria-label={`Copy ${label}`} onClick={() => void copyText(rowsAsText(rows, columns, temporal))}>⧉</ActionIcon>
          </Tooltip>
        </Group>
        <TextInput size="xs" placeholder="Search" aria-label={`Search ${label}`} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={200} />
      </Group>
      <ScrollArea h={220} type="auto">
        <Table striped highlightOnHover withTableBorder fz="xs" stickyHeader data-testid={`${label}-table`}>
          <Table.Thead><Table.Tr>{columns.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr></Table.Thead>
          <Table.Tbody>
            {rows.slice(0, SHOWN).map((r, i) => (
              <Table.Tr key={i}>{columns.map((c) => <Table.Td key={c}>{cellText(r[c], temporal.has(c))}</Table.Td>)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rows.length > SHOWN && <Text size="xs" c="dimmed" p={4}>The first {SHOWN} of {rows.length} rows are shown; copy takes them all.</Text>}
      </ScrollArea>
    </>
  );
}

export function DataPane({ formData, datasetId }: { formData: FormData | null; datasetId: number }) {
  const [tab, setTab] = useState<TabName | null>(null);
  const { loading, answer } = useAnswer(tab, formData, datasetId);
  return (
    <Tabs value={tab} onChange={(t) => setTab(t === tab ? null : (t as TabName))} keepMounted={false} data-testid="data-pane">
      <Tabs.List>
        <Tabs.Tab value="results" onClick={() => tab === "results" && setTab(null)}>Results</Tabs.Tab>
        <Tabs.Tab value="samples" onClick={() => tab === "samples" && setTab(null)}>Samples</Tabs.Tab>
      </Tabs.List>
      {tab && (
        <Tabs.Panel value={tab}>
          {tab === "results" && !formData && <Text size="sm" c="dimmed" p="xs">Run the chart to see its results</Text>}
          {loading && <Loader size="sm" m="xs" />}
          {answer && !answer.ok && <Alert color="red" variant="light" mt={6} data-testid={`${tab}-error`}>{answer.message}</Alert>}
          {answer?.ok && <Rows key={tab} data={answer.data} total={answer.total} label={tab} />}
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
