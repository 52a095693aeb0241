import { useState } from "react";
import { Image, ScrollArea, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { CHART_TYPES } from "../../../core/charts/registry";
import { matchingVizTypes } from "../../../core/charts/search";
import { thumbnailUrl } from "../../features/explore/VizTypePicker";

// Every registered chart type as a tile (Explore's gallery picture and name), searched by name, description
// and tags. The chosen tile is outlined and pressed.

export function VizTypeGrid({ value, onChange }: { value: string | null; onChange: (vizType: string) => void }) {
  const [search, setSearch] = useState("");
  const types = matchingVizTypes(search).sort((a, b) => CHART_TYPES[a].metadata.name.localeCompare(CHART_TYPES[b].metadata.name));
  return (
    <Stack gap="xs">
      <TextInput placeholder="Search all charts" aria-label="Search all charts" value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-testid="viz-type-search" />
      <ScrollArea h={420}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs">
          {types.map((t) => (
            <UnstyledButton key={t} onClick={() => onChange(t)} aria-pressed={t === value} data-testid={`viz-type-${t}`} p="xs"
              style={{ border: `${t === value ? 2 : 1}px solid ${t === value ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}`, borderRadius: 6 }}>
              <Image src={thumbnailUrl(t)} alt="" h={80} fit="contain" loading="lazy" mb={4} />
              <Text size="sm" fw={600}>{CHART_TYPES[t].metadata.name}</Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {!types.length && <Text c="dimmed">No chart type matches “{search}”</Text>}
      </ScrollArea>
    </Stack>
  );
}
