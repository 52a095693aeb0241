import { Box, Code, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { layoutBoxes } from "../../../core/revisions/layout-boxes";
import { ITEM_HEADERS, markedItems, markedLines } from "../../../core/revisions/side-by-side";
import type { HistoryType } from "./history-type";
import { DrawnChart } from "./DrawnChart";
import { LayoutMap } from "./LayoutMap";

// History's "Compare drawn" (issue 34): a revision and the current state side by side, each drawn: a chart from
// its own form data, a dashboard as a map of its grid, a dataset or saved query as its SQL (and a dataset's
// columns and metrics), with what the other side lacks highlighted.

type State = Record<string, unknown>;
const CHANGED = "var(--mantine-color-yellow-light)";

function Sql({ text, other }: { text: unknown; other: unknown }) {
  const lines = markedLines(text, other);
  if (!lines.length) return <Text size="sm" c="dimmed">No SQL.</Text>;
  return (
    <Code block data-testid="compare-sql" style={{ maxHeight: 260, overflow: "auto" }}>
      {lines.map((l, i) => <div key={i} data-changed={l.changed || undefined} style={{ background: l.changed ? CHANGED : undefined }}>{l.text || " "}</div>)}
    </Code>
  );
}

function Items({ kind, state, other }: { kind: "columns" | "metrics"; state: State; other: State }) {
  const rows = markedItems(kind, state, other);
  return (
    <Table withTableBorder fz="xs" data-testid={`compare-${kind}`}>
      <Table.Thead><Table.Tr>{ITEM_HEADERS[kind].map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={i} data-changed={r.changed || undefined} style={{ background: r.changed ? CHANGED : undefined }}>
            {r.cells.map((c, j) => <Table.Td key={j} style={{ wordBreak: "break-word" }}>{c}</Table.Td>)}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Pane({ type, state, other, side, csrfToken }: { type: HistoryType; state: State; other: State; side: "before" | "after"; csrfToken: string | null }) {
  if (type === "chart") return <DrawnChart state={state} csrfToken={csrfToken} />;
  if (type === "dashboard") return <LayoutMap boxes={layoutBoxes(state.position_json, { other: other.position_json, side })} />;
  if (type === "saved_query") return <Sql text={state.sql} other={other.sql} />;
  return (
    <Stack gap="xs">
      {typeof state.sql === "string" && state.sql.trim() ? <Sql text={state.sql} other={other.sql} /> : <Text size="sm">Physical table {String(state.table_name ?? "")}</Text>}
      <Items kind="columns" state={state} other={other} />
      <Items kind="metrics" state={state} other={other} />
    </Stack>
  );
}

export function CompareDrawn({ type, revision, revisionState, currentState, csrfToken }: {
  type: HistoryType; revision: number; revisionState: State; currentState: State; csrfToken: string | null;
}) {
  return (
    <SimpleGrid cols={2} spacing="md" data-testid="compare-drawn-panes">
      {([["This revision", revisionState, currentState, "before"], ["Current", currentState, revisionState, "after"]] as const).map(([title, state, other, side]) => (
        <Box key={side} data-testid="compare-pane" data-side={side === "before" ? "revision" : "current"} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} mb={4}>{title}{side === "before" ? ` (revision ${revision})` : ""}</Text>
          <Pane type={type} state={state} other={other} side={side} csrfToken={csrfToken} />
        </Box>
      ))}
    </SimpleGrid>
  );
}
