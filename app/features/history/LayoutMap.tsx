import { Box, Group, Text } from "@mantine/core";
import { GRID_COLUMN_COUNT } from "../../../core/dashboards/layout";
import { changedBoxes, type BoxChange, type LayoutBox } from "../../../core/revisions/layout-boxes";

// A dashboard state drawn as a small map of its grid for "Compare drawn" (issue 34): rows side by side, columns
// and charts as wide as their grid columns, tabs by name with what each holds, markdown and headers; a chart or
// markdown only in this state, or of another size in the other, is outlined in its change's colour.

const COLOURS: Record<BoxChange, string> = { added: "var(--mantine-color-green-6)", removed: "var(--mantine-color-red-6)", resized: "var(--mantine-color-orange-6)" };
/** grid rows (8 px each on the dashboard) drawn at a quarter of their height */
const rowPx = (rows: number) => Math.max(28, Math.round(rows * 2));
const share = (columns: number) => `${(Math.min(GRID_COLUMN_COUNT, columns) / GRID_COLUMN_COUNT) * 100}%`;

function Cell({ box, inColumn }: { box: LayoutBox; inColumn: boolean }) {
  switch (box.kind) {
    case "row":
      return <Group gap={4} wrap="nowrap" align="flex-start" w="100%" data-testid="map-row">{box.children.map((b) => <Cell key={b.id} box={b} inColumn={false} />)}</Group>;
    case "column":
      return <Box w={share(box.width)} p={2} style={{ border: "1px dashed var(--mantine-color-gray-4)", flexShrink: 0 }} data-testid="map-column">
        {box.children.map((b) => <Box key={b.id} mb={4}><Cell box={b} inColumn /></Box>)}
      </Box>;
    case "tabs":
      return <Box w="100%" data-testid="map-tabs">
        {box.tabs.map((t) => (
          <Box key={t.id} mb={4} p={2} style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 4 }}>
            <Text size="xs" fw={600} data-testid="map-tab">Tab: {t.name}</Text>
            {t.children.map((b) => <Box key={b.id} mb={4}><Cell box={b} inColumn={false} /></Box>)}
          </Box>
        ))}
      </Box>;
    case "chart":
    case "markdown":
      return (
        <Box w={inColumn ? "100%" : share(box.width)} h={rowPx(box.height)} p={4} data-testid="map-box" data-kind={box.kind} data-change={box.change ?? ""}
          title={box.change ? `${box.kind === "chart" ? box.label : "Markdown"}: ${box.change}` : undefined}
          style={{ flexShrink: 0, overflow: "hidden", borderRadius: 4, border: `2px solid ${box.change ? COLOURS[box.change] : "var(--mantine-color-gray-4)"}`,
            background: box.kind === "chart" ? "var(--mantine-color-blue-light)" : "var(--mantine-color-gray-1)" }}>
          <Text size="xs" lineClamp={2}>{box.kind === "chart" ? box.label : box.text || "Markdown"}</Text>
          <Text size="10px" c="dimmed">{box.width} col{box.change ? ` · ${box.change}` : ""}</Text>
        </Box>
      );
    case "header":
      return <Text size="sm" fw={700} w="100%" data-testid="map-header">{box.text}</Text>;
    case "divider":
      return <Box w="100%" my={2} style={{ borderTop: "1px solid var(--mantine-color-gray-4)" }} />;
  }
}

export function LayoutMap({ boxes }: { boxes: LayoutBox[] }) {
  const changed = changedBoxes(boxes);
  return (
    <Box data-testid="layout-map">
      {boxes.length ? boxes.map((b) => <Box key={b.id} mb={4}><Cell box={b} inColumn={false} /></Box>) : <Text size="sm" c="dimmed">An empty layout.</Text>}
      {changed.length > 0 && <Text size="xs" c="dimmed" mt={4}>Outlined: {changed.length} box{changed.length === 1 ? "" : "es"} added, removed or resized.</Text>}
    </Box>
  );
}
