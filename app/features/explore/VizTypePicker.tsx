import { useState } from "react";
import { Button, Image, Modal, ScrollArea, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { CHART_TYPES } from "../../../core/charts/registry";
import { matchingVizTypes } from "../../../core/charts/search";
import { knownRecentVizTypes } from "../../../core/explore/recent-viz-types";
import { recentVizTypes } from "./recent-viz-types";

// The visualisation type: the current one as a button, and a gallery of every registered type,
// grouped by Superset's categories, with a search over names, descriptions and tags. Each type shows its
// thumbnail: the product's own example chart of that type drawn by scripts/viz-thumbnails.mjs. "Recently used"
// (local storage) comes first, as in Superset's gallery.

/** Where a type's gallery picture is served from (public/viz-thumbnails/). */
export const thumbnailUrl = (vizType: string) => `/viz-thumbnails/${vizType}.webp`;

const CATEGORY_ORDER = ["Table", "KPI", "Evolution", "Part of a Whole", "Distribution", "Correlation", "Ranking", "Flow", "Map", "Other"];

export function VizTypePicker({ value, onChange }: { value: string; onChange: (vizType: string) => void }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const q = search.trim().toLowerCase();
  const types = matchingVizTypes(search);
  const categories = CATEGORY_ORDER.filter((c) => types.some((t) => CHART_TYPES[t].metadata.category === c));
  // read when the gallery opens: the list changes as types are chosen
  const [recent, setRecent] = useState<string[]>([]);
  const openGallery = () => {
    setRecent(knownRecentVizTypes(recentVizTypes(), (t) => t in CHART_TYPES));
    setOpen(true);
  };
  const tile = (t: string, testId: string) => (
    <UnstyledButton key={t} onClick={() => { onChange(t); setOpen(false); }} data-testid={testId}
      p="xs" style={{ border: `1px solid ${t === value ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}`, borderRadius: 6 }}>
      <Image src={thumbnailUrl(t)} alt="" h={90} fit="contain" loading="lazy" mb={4} />
      <Text size="sm" fw={600}>{CHART_TYPES[t].metadata.name}</Text>
      <Text size="xs" c="dimmed" lineClamp={2}>{CHART_TYPES[t].metadata.description}</Text>
    </UnstyledButton>
  );
  return (
    <>
      <Button variant="default" size="xs" fullWidth justify="space-between" onClick={openGallery} data-testid="viz-type-button" rightSection="View all charts">
        {CHART_TYPES[value]?.metadata.name ?? value}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Select a visualization type" size="xl">
        <Stack>
          <TextInput placeholder="Search all charts" value={search} onChange={(e) => setSearch(e.currentTarget.value)} aria-label="Search all charts" data-autofocus />
          <ScrollArea h={460}>
            {!q && recent.length > 0 && (
              <Stack gap={4} mb="md" data-testid="recent-viz-types">
                <Text fw={700} size="sm">Recently used</Text>
                <SimpleGrid cols={3} spacing="xs">{recent.map((t) => tile(t, `recent-viz-type-${t}`))}</SimpleGrid>
              </Stack>
            )}
            {categories.map((category) => (
              <Stack key={category} gap={4} mb="md">
                <Text fw={700} size="sm">{category}</Text>
                <SimpleGrid cols={3} spacing="xs">
                  {types.filter((t) => CHART_TYPES[t].metadata.category === category).map((t) => tile(t, `viz-type-${t}`))}
                </SimpleGrid>
              </Stack>
            ))}
            {!types.length && <Text c="dimmed">No chart type matches “{search}”</Text>}
          </ScrollArea>
        </Stack>
      </Modal>
    </>
  );
}
