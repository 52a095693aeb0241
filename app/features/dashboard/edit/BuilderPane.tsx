import { useCallback, useEffect, useRef, useState } from "react";
import { Badge, Box, Button, Checkbox, Group, Loader, Paper, ScrollArea, Select, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import rison from "rison";
import { NEW_ELEMENT_TYPES, type NewElementType } from "../../../../core/dashboards/edit/components";
import { BUILDER_PAGE_SIZE, NO_PAGES, addChartPage, type ChartPages } from "../../../../core/dashboards/edit/chart-pages";
import { builderChart, type BuilderChartItem } from "../../../../core/dashboards/edit/charts";
import { apiCall } from "../../../components/api-call";
import type { DashboardChartData } from "../DashboardChart";
import { useEdit } from "./edit-context";

// Superset's builder pane beside the grid in edit mode: "Charts" (the charts the user may read, searched,
// sorted, optionally only their own, read a page at a time however many there are, each dragged onto the grid
// once; "Create new chart" opens Explore) and
// "Layout elements" (tabs, row, column, header, text, divider).

const ELEMENT_LABELS: Record<(typeof NEW_ELEMENT_TYPES)[number], string> = {
  TABS: "Tabs", ROW: "Row", COLUMN: "Column", HEADER: "Header", MARKDOWN: "Text", DIVIDER: "Divider",
};

const SORTS = [
  { value: "changed_on", label: "Sort by recent", direction: "desc" },
  { value: "slice_name", label: "Sort by name", direction: "asc" },
  { value: "viz_type", label: "Sort by viz type", direction: "asc" },
  { value: "datasource_name", label: "Sort by dataset", direction: "asc" },
] as const;

function NewElement({ type }: { type: (typeof NEW_ELEMENT_TYPES)[number] }) {
  const ctx = useEdit();
  return (
    <Paper withBorder p="xs" draggable data-testid={`new-${type}`} style={{ cursor: "grab" }}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", type);
        ctx.startDrag({ kind: "new", type: type as NewElementType });
      }}
      onDragEnd={() => ctx.endDrag()}>
      <Text size="sm">{ELEMENT_LABELS[type]}</Text>
    </Paper>
  );
}

function ChartCard({ item, added, onDrag }: { item: BuilderChartItem; added: boolean; onDrag: (chart: DashboardChartData | null) => void }) {
  const ctx = useEdit();
  return (
    <Paper withBorder p="xs" draggable={!added} data-testid="builder-chart" data-chart-id={item.id} data-added={added}
      style={{ cursor: added ? "default" : "grab", opacity: added ? 0.6 : 1 }}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", `chart-${item.id}`);
        onDrag(builderChart(item));
        ctx.startDrag({ kind: "new", type: "CHART", meta: { chartId: item.id, sliceName: item.slice_name } });
      }}
      onDragEnd={() => ctx.endDrag()}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} truncate>{item.slice_name}</Text>
        {added && <Badge size="xs" variant="light">Added</Badge>}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {[item.viz_type, item.datasource_name_text, item.changed_on_delta_humanized ? `Modified ${item.changed_on_delta_humanized}` : ""].filter(Boolean).join(" · ")}
      </Text>
    </Paper>
  );
}

/** The Charts list for a search, sort and owner choice: page 0 at once, the next page when `more` is called. */
function useChartPages(search: string, sort: string, mine: boolean, userId: number | null) {
  const [pages, setPages] = useState<ChartPages>(NO_PAGES);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // the query the answers belong to: a page read for an older search is dropped
  const query = useRef("");
  const read = useCallback((page: number) => {
    const s = SORTS.find((o) => o.value === sort) ?? SORTS[0];
    const filters: { col: string; opr: string; value: unknown }[] = [];
    if (search.trim()) filters.push({ col: "slice_name", opr: "chart_all_text", value: search.trim() });
    if (mine && userId !== null) filters.push({ col: "owners", opr: "rel_m_m", value: userId });
    const base = rison.encode({ filters, order_column: s.value, order_direction: s.direction, page_size: BUILDER_PAGE_SIZE });
    if (page === 0) query.current = base;
    setLoading(true);
    const q = rison.encode({ filters, order_column: s.value, order_direction: s.direction, page, page_size: BUILDER_PAGE_SIZE });
    void apiCall<{ result: BuilderChartItem[]; count: number }>("GET", `/api/v1/chart/?q=${encodeURIComponent(q)}`, null).then((res) => {
      if (query.current !== base) return;
      setLoading(false);
      if (res.ok) {
        setError(null);
        setPages((before) => addChartPage(before, page, res.body.result, res.body.count));
      } else setError(`Sorry there was an error fetching saved charts: ${res.message}`);
    });
  }, [search, sort, mine, userId]);
  useEffect(() => read(0), [read]);
  const more = () => {
    if (!loading && !error && pages.nextPage !== null && pages.nextPage > 0) read(pages.nextPage);
  };
  return { pages, loading, error, more };
}

function ChartsTab({ userId, onDrag }: { userId: number | null; onDrag: (chart: DashboardChartData | null) => void }) {
  const ctx = useEdit();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [sort, setSort] = useState<string>("changed_on");
  const [mine, setMine] = useState(false);
  const { pages, loading, error, more } = useChartPages(debounced, sort, mine, userId);
  const placed = new Set(Object.values(ctx.layout).filter((c) => c.type === "CHART").map((c) => c.meta.chartId));
  return (
    <Stack gap="xs" h="100%">
      <Button component="a" href="/explore/" target="_blank" variant="light" size="xs" data-testid="create-new-chart">+ Create new chart</Button>
      <TextInput placeholder="Filter your charts" value={search} onChange={(e) => setSearch(e.currentTarget.value)} aria-label="Filter your charts" data-testid="chart-search" />
      <Group gap="xs" wrap="nowrap">
        <Select size="xs" data={SORTS.map(({ value, label }) => ({ value, label }))} value={sort} onChange={(v) => v && setSort(v)} allowDeselect={false} aria-label="Sort charts" data-testid="chart-sort" />
        <Checkbox size="xs" label="Show only my charts" checked={mine} onChange={(e) => setMine(e.currentTarget.checked)} data-testid="only-my-charts" />
      </Group>
      {error && <Text c="red" size="sm">{error}</Text>}
      {!loading && !error && !pages.items.length && <Text size="sm" c="dimmed">No charts</Text>}
      {pages.items.length > 0 && <Text size="xs" c="dimmed" data-testid="builder-chart-count">{`${pages.items.length} of ${pages.count} charts`}</Text>}
      {/* the next page loads as the list is scrolled to its end */}
      <ScrollArea style={{ flex: 1 }} type="auto" onBottomReached={more} data-testid="builder-chart-scroll">
        <Stack gap={6} pr="xs">
          {pages.items.map((item) => <ChartCard key={item.id} item={item} added={placed.has(item.id)} onDrag={onDrag} />)}
          {loading && <Loader size="sm" />}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

export function BuilderPane({ userId, onChartDrag }: { userId: number | null; onChartDrag: (chart: DashboardChartData | null) => void }) {
  return (
    <Box w={374} style={{ flexShrink: 0, position: "sticky", top: 8, alignSelf: "flex-start", height: "calc(100vh - 120px)" }} data-testid="builder-pane">
      <Paper withBorder p="sm" h="100%">
        <Tabs defaultValue="charts" h="100%" style={{ display: "flex", flexDirection: "column" }}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="charts">Charts</Tabs.Tab>
            <Tabs.Tab value="layout" data-testid="layout-elements-tab">Layout elements</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="charts" style={{ flex: 1, minHeight: 0 }}>
            <ChartsTab userId={userId} onDrag={onChartDrag} />
          </Tabs.Panel>
          <Tabs.Panel value="layout">
            <Stack gap="xs">
              {NEW_ELEMENT_TYPES.map((t) => <NewElement key={t} type={t} />)}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Box>
  );
}
